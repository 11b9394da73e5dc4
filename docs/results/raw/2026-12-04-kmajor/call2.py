import torch,triton,triton.language as tl
from triton import cdiv as V
from triton.testing import do_bench as D
B=lambda f:D(f,return_mode='median')*1e3
@triton.jit
def O(s,d,R,C,sb,sr,sc,db,dr,dc,BR:tl.constexpr,BC:tl.constexpr):
 p=tl.program_id(0);b=tl.program_id(1).to(tl.int64);n=tl.cdiv(C,BC)
 r=((p//n)*BR+tl.arange(0,BR))[:,None].to(tl.int64);c=((p%n)*BC+tl.arange(0,BC))[None,:].to(tl.int64);m=(r<R)&(c<C)
 tl.store(d+b*db+r*dr+c*dc,tl.load(s+b*sb+r*sr+c*sc,mask=m),mask=m)
@triton.jit
def N(s,d,R,C,sb,sr,sc,db,dr,dc,BR:tl.constexpr,BC:tl.constexpr,T:tl.constexpr,G:tl.constexpr,E:tl.constexpr):
 p=tl.program_id(0);b=tl.program_id(1).to(tl.int64);nr=tl.cdiv(R,BR*T);nc=tl.cdiv(C,BC);pg=G*nc;f=(p//pg)*G;rw=min(nr-f,G)
 pr=f+(p%pg)%rw;c0=(p%pg)//rw*BC;ar=tl.arange(0,BR);ac=tl.arange(0,BC);so=ar[:,None]*sr+ac[None,:]*sc;do=ar[:,None]*dr+ac[None,:]*dc
 for t in tl.static_range(T):
  r0=(pr*T+t)*BR;S=s+b*sb+r0.to(tl.int64)*sr+c0.to(tl.int64)*sc;Q=d+b*db+r0.to(tl.int64)*dr+c0.to(tl.int64)*dc
  if E:tl.store(Q+do,tl.load(S+so))
  else:m=(r0+ar[:,None]<R)&(c0+ac[None,:]<C);tl.store(Q+do,tl.load(S+so,mask=m),mask=m)
for nb,K,M,tr in((1,4096,4096,0),(1,8192,8192,0),(8,1024,2048,0),(1,64,32768,0),(1,2048,768,0),(1,256,768,0),(1,8192,2048,1)):
 a=torch.randn(nb,K,M).cuda();y=torch.empty(nb,M,(K+31)//32*32).cuda()[:,:,:K];x=a.transpose(1,2) if tr else a;yo=y if tr else y.transpose(1,2);y=y.transpose(1,2);z=torch.empty_like(a)
 cp=B(lambda:z.copy_(a));g=lambda u:"%.1fus %.0f%%"%(u,100*cp/u);print(nb,K,M,tr,"copy %.1fus"%cp)
 print(" old",g(B(lambda:O[(V(K,64)*V(M,64),nb)](x,yo,*x.shape[1:],*x.stride(),*yo.stride(),BR=64,BC=64,num_warps=4))))
 for br,bc,w,T,G in((64,64,4,1,1),(64,64,8,1,1),(32,32,4,1,1),(64,64,4,2,1),(64,64,4,4,1)):
  y.fill_(0);f=lambda:N[(V(K,br*T)*V(M,bc),nb)](a,y,K,M,*a.stride(),*y.stride(),BR=br,BC=bc,T=T,G=G,E=K%(br*T)==0 and M%bc==0,num_warps=w);f()
  print(" ",br,bc,w,T,G,g(B(f)),torch.equal(a,y))

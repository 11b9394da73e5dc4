import torch,triton,triton.language as tl
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
for K,M in((8192,4096),(4096,4100),(2949,5921)):
 x=torch.randn(1,K,M,device='cuda');buf=torch.empty(1,M,(K+31)//32*32,device='cuda');y=buf[:,:,:K].transpose(1,2);z=torch.empty_like(x)
 cp=B(lambda:z.copy_(x));g=lambda u:"%.1fus %.0f%%"%(u,100*cp/u);print(K,M,"copy %.1fus"%cp)
 print(" old",g(B(lambda:O[(triton.cdiv(K,64)*triton.cdiv(M,64),1)](x,y,K,M,*x.stride(),*y.stride(),BR=64,BC=64,num_warps=4))))
 for br,bc,w,T,G in((64,64,4,1,1),(64,64,8,1,1),(32,32,4,1,1),(32,128,4,1,1),(128,32,4,1,1),(64,128,4,1,1),(128,64,4,1,1),(128,64,8,1,1),(64,128,8,1,1),(128,128,8,1,1),(64,64,4,2,1),(64,64,4,4,1),(64,64,4,1,8),(32,64,4,1,1),(64,32,4,1,1)):
  y.fill_(0);f=lambda:N[(triton.cdiv(K,br*T)*triton.cdiv(M,bc),1)](x,y,K,M,*x.stride(),*y.stride(),BR=br,BC=bc,T=T,G=G,E=K%(br*T)==0 and M%bc==0,num_warps=w);f()
  print(" ",br,bc,w,T,G,g(B(f)),torch.equal(x,y))

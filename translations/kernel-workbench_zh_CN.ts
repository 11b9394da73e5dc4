<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QPlatformTheme</name>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="20"/>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="20"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="21"/>
        <source>Save All</source>
        <translation>全部保存</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="21"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="22"/>
        <source>&amp;Yes</source>
        <translation>是(&amp;Y)</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="22"/>
        <source>Yes to &amp;All</source>
        <translation>全部是(&amp;A)</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="23"/>
        <source>&amp;No</source>
        <translation>否(&amp;N)</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="23"/>
        <source>N&amp;o to All</source>
        <translation>全部否(&amp;O)</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="24"/>
        <source>Abort</source>
        <translation>中止</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="24"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="25"/>
        <source>Ignore</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="25"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="26"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="26"/>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="27"/>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="27"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="28"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="28"/>
        <source>Restore Defaults</source>
        <translation>恢复默认值</translation>
    </message>
</context>
<context>
    <name>kwb</name>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1070"/>
        <source>Cannot draw the roofline figure: no QApplication (run with QT_QPA_PLATFORM=offscreen).</source>
        <translation>无法绘制 屋顶线图：没有 QApplication（请以 QT_QPA_PLATFORM=offscreen 运行）。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1073"/>
        <source>Cannot draw the roofline figure: the size %1 × %2 is not positive.</source>
        <translation>无法绘制 屋顶线图：尺寸 %1 × %2 不是正数。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1078"/>
        <source>Cannot draw the roofline figure: peak TFLOPS or bandwidth is not known.</source>
        <translation>无法绘制 屋顶线图：峰值 TFLOPS 或带宽未知。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1086"/>
        <source>Cannot draw the roofline figure: rendering gave an empty image.</source>
        <translation>无法绘制 屋顶线图：渲染得到的图像为空。</translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="152"/>
        <source>Cannot write a PDF: no QGuiApplication.</source>
        <translation>无法写入 PDF：没有 QGuiApplication。</translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="155"/>
        <location filename="../widgets/rooflineplot.cpp" line="1089"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="160"/>
        <source>Kernel Workbench review</source>
        <translation>Kernel Workbench 评审</translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="191"/>
        <source>Writing %1 failed: %2</source>
        <translation>写入 %1 失败：%2</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1091"/>
        <source>Writing the PNG %1 failed: %2</source>
        <translation>写入 PNG %1 失败：%2</translation>
    </message>
</context>
<context>
    <name>kwb::BaselineJob</name>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="113"/>
        <source>error: </source>
        <translation>错误：</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="145"/>
        <source>Understand the PyTorch semantics: %1</source>
        <translation>理解 PyTorch 语义：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="147"/>
        <source>%1 is a folder, not a Python file with the PyTorch logic</source>
        <translation>%1 是文件夹，不是包含 PyTorch 逻辑的 Python 文件</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="161"/>
        <source>target %1 (%2) → framework %3: %4</source>
        <translation>目标 %1（%2）→ 框架 %3：%4</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="170"/>
        <source>&quot;%1&quot; is %2 (%3)</source>
        <translation>“%1”即 %2（%3）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="184"/>
        <source>workspace %1 holds versions up to V%2 (recorded by `kwb measure`): --force would measure today&apos;s kernel.py again as V0, the baseline they are compared with. Record a new version with `kwb measure %1`, or regenerate into a new --workspace</source>
        <translation>工作区 %1 已有直到 V%2 的版本（由 `kwb measure` 记录）：--force 会把今天的 kernel.py 再次作为 V0（它们所比较的基线）测量。请用 `kwb measure %1` 记录新版本，或在新的 --workspace 中重新生成</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="199"/>
        <source>probed with %1 in the suite&apos;s batch (meta tensors: no real inputs allocated)</source>
        <translation>已在套件的批处理中用 %1 探测（meta 张量：不分配真实输入）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="202"/>
        <source>probing with %1 (meta tensors: no real inputs allocated)</source>
        <translation>使用 %1 探测（meta 张量：不分配真实输入）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="212"/>
        <source>probe: still running after %1 s (limit %2 s); it is stopped at the limit (KWB_PROBE_TIMEOUT_S sets it; --case-timeout bounds the harness&apos;s cases, not the probe)</source>
        <translation>探测：已运行 %1 秒（上限 %2 秒）；到达上限时将被停止（上限由 KWB_PROBE_TIMEOUT_S 设置；--case-timeout 只限制测试框架的用例，不限制探测）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="217"/>
        <source>probe: still running after %1 s (limit %2 s), in %3; it is stopped at the limit (KWB_PROBE_TIMEOUT_S sets it; --case-timeout bounds the harness&apos;s cases, not the probe)</source>
        <translation>探测：已运行 %1 秒（上限 %2 秒），正在运行 %3；到达上限时将被停止（上限由 KWB_PROBE_TIMEOUT_S 设置；--case-timeout 只限制测试框架的用例，不限制探测）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="229"/>
        <source>the probe failed on %1: %2</source>
        <translation>探测 %1 失败：%2</translation>
    </message>
    <message>
        <source>no CUDA device on this machine; use --cpu-dry-run or a remote target (torch.cuda.is_available() is False under %1; in the workbench: CPU dry run, or another target)</source>
        <translation type="vanished">本机没有 CUDA 设备；请使用 --cpu-dry-run 或远程目标（%1 下 torch.cuda.is_available() 为 False；在工作台中：勾选 CPU 试运行，或选择其他运行目标）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="270"/>
        <source>workspace %1 holds problem %2, not %3: pass another --workspace (nothing was changed)</source>
        <translation>工作区 %1 属于问题 %2，而不是 %3：请另选 --workspace（未做任何更改）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="292"/>
        <source>pattern %1; FLOPs %2; bytes %3</source>
        <translation>模式 %1；FLOPs %2；字节数 %3</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="298"/>
        <source>ambiguous: </source>
        <translation>存在歧义：</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="300"/>
        <source>spec written to %1</source>
        <translation>规格已写入 %1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="335"/>
        <source>the problem cannot fit on %1: the model&apos;s parameters and buffers alone are %2 GB and, with its inputs and outputs, %3 GB, %4x the %5 GB of memory. Nothing was generated or run (a CPU dry run included). Make the model&apos;s sizes (get_init_inputs()) smaller, or pass --allow-oversize to go on anyway</source>
        <translation>该问题无法放入 %1：仅模型的参数和缓冲区就有 %2 GB，加上输入和输出共 %3 GB，是 %5 GB 显存的 %4 倍。未生成、未运行任何内容（CPU 试运行亦然）。请减小模型的尺寸（get_init_inputs()），或传入 --allow-oversize 仍然继续</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="347"/>
        <source>the problem cannot fit on %1: its inputs and outputs alone are %2 GB, %3x the %4 GB of memory (kwb&apos;s estimate with the harness&apos;s copies: %5 GB). Nothing was generated or run (a CPU dry run included). Make the shapes in get_inputs() smaller, or pass --allow-oversize to go on anyway</source>
        <translation>该问题无法放入 %1：仅其输入和输出就有 %2 GB，是 %4 GB 显存的 %3 倍（kwb 含测试框架副本的估计：%5 GB）。未生成、未运行任何内容（CPU 试运行亦然）。请减小 get_inputs() 中的形状，或传入 --allow-oversize 仍然继续</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="407"/>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="431"/>
        <source>. Its last run was stopped before a verdict. To run it again: %1</source>
        <translation>。它上次的运行在得出结论前被停止。重新运行：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="432"/>
        <source>. To run it again: %1</source>
        <translation>。重新运行：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="434"/>
        <source> (or `kwb measure %1` to measure its kernel.py as a new version)</source>
        <translation>（或用 `kwb measure %1` 将其 kernel.py 作为新版本测量）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="488"/>
        <source>the problem changed since your edited %2 was generated: it was made for another version of %1, and as is it would be this problem&apos;s V0. Nothing was changed. Run again with --stale-edits backup to keep yours as %2.edited-&lt;time&gt; and generate %2 afresh for this problem, or with --stale-edits keep to keep yours as made for this problem (this run&apos;s generated one is then written beside it as %2.generated: compare them)</source>
        <translation>问题在你编辑过的 %2 生成之后已改变：它是为 %1 的另一个版本生成的，按原样它会成为本问题的 V0。未做任何更改。可用 --stale-edits backup 重新运行：你的文件保存为 %2.edited-&lt;时间&gt;，并为本问题重新生成 %2；或用 --stale-edits keep 保留你的文件作为本问题的版本（本次生成的文件写在旁边，名为 %2.generated：请比较两者）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="496"/>
        <source>the problem changed since your edited %2 were generated: they were made for another version of %1, and as is they would be this problem&apos;s V0. Nothing was changed. Run again with --stale-edits backup to keep yours as &lt;file&gt;.edited-&lt;time&gt; and generate them afresh for this problem, or with --stale-edits keep to keep yours as made for this problem (this run&apos;s generated ones are then written beside them as &lt;file&gt;.generated: compare them)</source>
        <translation>问题在你编辑过的 %2 生成之后已改变：它们是为 %1 的另一个版本生成的，按原样它们会成为本问题的 V0。未做任何更改。可用 --stale-edits backup 重新运行：你的文件保存为 &lt;文件&gt;.edited-&lt;时间&gt;，并为本问题重新生成；或用 --stale-edits keep 保留你的文件作为本问题的版本（本次生成的文件写在旁边，名为 &lt;文件&gt;.generated：请比较两者）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="574"/>
        <source>%1 is not a folder (a kwb workspace)</source>
        <translation>%1 不是文件夹（kwb 工作区）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="576"/>
        <source>%1 is not a kwb workspace (no .kwb/manifest.json): run `kwb baseline` first</source>
        <translation>%1 不是 kwb 工作区（没有 .kwb/manifest.json）：请先运行 `kwb baseline`</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="582"/>
        <source>%1 is missing: a later version is measured against a V0 (run `kwb baseline` first)</source>
        <translation>缺少 %1：后续版本需与 V0 对比测量（请先运行 `kwb baseline`）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="591"/>
        <source>%1 is masked: no V0 to measure against</source>
        <translation>%1 已被屏蔽：没有可对比测量的 V0</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="612"/>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="614"/>
        <source>%1 is damaged (not a JSON object)</source>
        <translation>%1 已损坏（不是 JSON 对象）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="616"/>
        <source>%1 is not a problem spec kwb wrote: %2</source>
        <translation>%1 不是 kwb 写入的问题规格：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="621"/>
        <source>%1 names no workbench.gpu / workbench.framework: it was not written by `kwb baseline`</source>
        <translation>%1 未指定 workbench.gpu / workbench.framework：它不是由 `kwb baseline` 写入的</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="644"/>
        <source>V0 was stopped before a verdict: run `%1` first (it measures V0 again); `kwb measure` records a later version against a V0 with a verdict</source>
        <translation>V0 在得出结论前被停止：请先运行 `%1`（重新测量 V0）；`kwb measure` 只在 V0 有结论时记录之后的版本</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="646"/>
        <source>V0 has no verdict (no run was recorded): run `%1` first (it measures V0 again); `kwb measure` records a later version against a V0 with a verdict</source>
        <translation>V0 没有结论（未记录任何运行）：请先运行 `%1`（重新测量 V0）；`kwb measure` 只在 V0 有结论时记录之后的版本</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="663"/>
        <source>%1 has no kernel.py or test_kernel.py to measure</source>
        <translation>%1 没有可测量的 kernel.py 或 test_kernel.py</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="665"/>
        <source>%1 has no %2 to measure (run phase 3 again, or restore it from the workspace&apos;s git history)</source>
        <translation>%1 没有可测量的 %2（请重新运行第 3 阶段，或从工作区的 git 历史中恢复它）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="686"/>
        <source>stopped before the measurement started; nothing was written</source>
        <translation>测量开始前已停止；未写入任何内容</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="704"/>
        <source>kernel.py is unchanged since V%1; edit it or pass --again to measure the same kernel again</source>
        <translation>kernel.py 自 V%1 以来未改动；请先编辑它，或加上 --again 再次测量同一内核</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="710"/>
        <source>V%1 of %2: kernel.py%3 on %4 (%5), against %6</source>
        <translation>%2 的 V%1：在 %4（%5）上运行 kernel.py%3，对比 %6</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="712"/>
        <source> (your edit)</source>
        <translation>（你的修改）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="716"/>
        <source>warning: a stopped run has no verdict and no figures (%1, not committed): V%2 is compared with %3, the latest version that finished</source>
        <translation>警告：已停止的运行没有结论和数值（%1，未提交）：V%2 与最近一个完成的版本 %3 比较</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="724"/>
        <source>warning: V%1 runs against your edited %2 (changed since the last commit), not only your kernel.py: the verdict is theirs too; %3 committed with V%1</source>
        <translation>警告：V%1 使用的是你修改过的 %2（自上次提交以来有改动），而不只是你的 kernel.py：结论也取决于它们；%3随 V%1 一起提交</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="727"/>
        <source>it is</source>
        <translation>它</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="727"/>
        <source>they are</source>
        <translation>它们</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="735"/>
        <location filename="../core/pipeline/baselinejob.cpp" line="867"/>
        <source>run phase 1 first</source>
        <translation>请先运行阶段 1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="736"/>
        <source>stopped before phase 2 (Learn) started</source>
        <translation>在阶段 2（学习）开始前已停止</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="747"/>
        <source>note: %1 will write a skeleton for this problem (the gate fails it); %2 has a kernel</source>
        <translation>注意：%1 将为此问题生成骨架代码（质量门禁会判为失败）；%2 可生成内核</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="752"/>
        <source>Query the enabled knowledge tools</source>
        <translation>查询已启用的知识工具</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="777"/>
        <source>stopped in phase 2 (Learn) while %1 was queried; the plan was not written</source>
        <translation>在阶段 2（学习）查询 %1 时已停止；未写入计划</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="793"/>
        <source>%1: the gpu-wiki store has no sheet of its own for %2 (a %3 product; the architecture&apos;s sheet is not substituted); the roofline&apos;s peaks and bandwidth come from the spec ledger&apos;s %4 entry</source>
        <translation>%1：gpu-wiki 资料库没有 %2 自己的规格表（它是 %3 产品；不以架构的规格表代替）；屋顶线图的峰值和带宽取自规格账本的 %4 条目</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="804"/>
        <source>%1: %2 (a missing fact; the whole reason is in plans/v0_plan.md)</source>
        <translation>%1：%2（缺失的事实；完整原因见 plans/v0_plan.md）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="951"/>
        <source>the probe named %1 as a module of the problem&apos;s folder: not a path below it</source>
        <translation>探测把 %1 列为问题所在文件夹中的模块：但它不是该文件夹下的路径</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="954"/>
        <source>%1 imports its own %2, and the workspace has a file of that name (%2 is one of the workspace&apos;s own files): rename the module beside the problem</source>
        <translation>%1 导入了它自己的 %2，而工作区中已有同名文件（%2 是工作区自身的文件之一）：请重命名问题旁的该模块</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="959"/>
        <source>%1 imports %2 from its folder, which cannot be read now: %3</source>
        <translation>%1 从其所在文件夹导入 %2，但该文件现在无法读取：%3</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="994"/>
        <source>kept your edited %1 (not regenerated); this run&apos;s generated one is %2 (committed with V0, to compare with)</source>
        <translation>保留了你修改过的 %1（未重新生成）；本次生成的版本为 %2（随 V0 一起提交，供对比）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1287"/>
        <source>DRY_RUN, no verdict on kernel.py (the harness ran with the PyTorch reference in kernel.py&apos;s place on the CPU; kernel.py was not run)</source>
        <translation>DRY_RUN，不是对 kernel.py 的结论（测试框架在 CPU 上用 PyTorch 参考实现代替 kernel.py 运行；kernel.py 未运行）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1296"/>
        <source>note: a wrong kernel.py passes a dry run too; its numbers can be checked on the CPU under the Triton emulation (README, &quot;checked for numbers on the CPU&quot;), from the root of a Kernel Workbench source tree (reference.py is the workspace&apos;s copy of the problem): /usr/bin/python3 tests/python/chain_emulate.py %1 %2 --spec %3</source>
        <translation>注：错误的 kernel.py 也能通过试运行；可在 CPU 上用 Triton 模拟检查其数值（README，“checked for numbers on the CPU”），须在 Kernel Workbench 源码树的根目录下运行（reference.py 是工作区中问题文件的副本）：/usr/bin/python3 tests/python/chain_emulate.py %1 %2 --spec %3</translation>
    </message>
    <message>
        <source>%1: %2 (recorded as a missing fact)</source>
        <translation type="vanished">%1：%2（记录为缺失的事实）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="812"/>
        <source>%1: %2 records</source>
        <translation>%1：%2 条记录</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="814"/>
        <source>%1: %2 records, %3 kept; %4</source>
        <translation>%1：%2 条记录，保留 %3 条；%4</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="836"/>
        <source>kept your edited plans/v0_plan.md</source>
        <translation>保留了你修改过的 plans/v0_plan.md</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="846"/>
        <source>run phase 1 first: there is no workspace yet</source>
        <translation>请先运行阶段 1：尚无工作区</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="861"/>
        <source>used %1 (%2): added to plans/v0_plan.md</source>
        <translation>已采用 %1（%2）：已加入 plans/v0_plan.md</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="868"/>
        <source>stopped before phase 3 (Implement) started</source>
        <translation>在阶段 3（实现）开始前已停止</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="870"/>
        <source>Generate kernel.py (%1), reference.py, test_kernel.py</source>
        <translation>生成 kernel.py（%1）、reference.py、test_kernel.py</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="872"/>
        <source>no code generator for framework &apos;%1&apos;</source>
        <translation>没有框架 &apos;%1&apos; 的代码生成器</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="876"/>
        <source>%1 has no template for this problem yet: %2 — writing a skeleton marked unimplemented</source>
        <translation>%1 尚无适用于此问题的模板：%2 —— 写入标记为未实现的骨架</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="903"/>
        <source>cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="980"/>
        <source>your edited %1 was generated for another version of the problem: kept as %2, and %1 is generated afresh (--stale-edits backup)</source>
        <translation>你编辑过的 %1 是为该问题的另一个版本生成的：已保存为 %2，并重新生成 %1（--stale-edits backup）</translation>
    </message>
    <message>
        <source>kept your edited %1 (not regenerated); this run&apos;s generated one is %2</source>
        <translation type="vanished">保留了你修改过的 %1（未重新生成）；本次生成的版本为 %2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1001"/>
        <source>warning: your edited %1 was generated for another version of %2 and is kept as made for this one (--stale-edits keep); compare it with %3</source>
        <translation>警告：你编辑过的 %1 是为 %2 的另一个版本生成的，已按本问题的版本保留（--stale-edits keep）；请与 %3 比较</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1016"/>
        <source>warning: your kernel.py does not import %1, but this run&apos;s framework is %2: the gate checks it as %2 (the %2 kernel is in %3)</source>
        <translation>警告：你的 kernel.py 没有导入 %1，但本次运行的框架是 %2：质量门禁按 %2 检查它（%2 内核在 %3）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1024"/>
        <source>wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1142"/>
        <source>stopped before phase 4 (Measure) started: nothing was run or recorded</source>
        <translation>在阶段 4（测量）开始前已停止：未运行也未记录任何内容</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1147"/>
        <source>run phase 3 first</source>
        <translation>请先运行阶段 3</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1164"/>
        <source>kernel.py is a skeleton (no kernel), so the harness was not run: %1</source>
        <translation>kernel.py 是骨架（没有内核），因此未运行测试框架：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1166"/>
        <source>V%1 measurement not run: %2</source>
        <translation>V%1 测量未运行：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1216"/>
        <source>V%5 measurement%1%2: %3 %4</source>
        <translation>V%5 测量%1%2：%3 %4</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1217"/>
        <source> (CPU DRY RUN: the reference on the CPU at reduced shapes where the inputs can be resized, not a kernel measurement)</source>
        <translation>（CPU 试运行：在 CPU 上以缩小的形状（输入可缩放时）运行参考实现，不是内核测量）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1220"/>
        <source> on target %1</source>
        <translation>，目标 %1</translation>
    </message>
    <message>
        <source>PASS (harness only: the reference against itself on the CPU; kernel.py not run)</source>
        <translation type="vanished">通过（PASS，仅测试框架：在 CPU 上用参考实现比对其自身；kernel.py 未运行）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1289"/>
        <source>run finished: %1 (exit %2, %3 ms); log %4</source>
        <translation>运行结束：%1（退出码 %2，%3 ms）；日志 %4</translation>
    </message>
    <message>
        <source>note: a wrong kernel.py passes a dry run too; its numbers can be checked on the CPU under the Triton emulation (README, &quot;checked for numbers on the CPU&quot;): tests/python/chain_emulate.py %1 %2 --spec %3</source>
        <translation type="vanished">注意：错误的 kernel.py 同样能通过试运行；可在 CPU 上用 Triton 模拟检查其数值（README，“checked for numbers on the CPU”）：tests/python/chain_emulate.py %1 %2 --spec %3</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1304"/>
        <source>run error: </source>
        <translation>运行错误：</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1307"/>
        <source>harness error: </source>
        <translation>测试框架错误：</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1361"/>
        <source>no run to record yet (phase 4 first)</source>
        <translation>尚无可记录的运行（请先运行阶段 4）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1371"/>
        <source>device: %1</source>
        <translation>设备：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1382"/>
        <source>no workspace</source>
        <translation>没有工作区</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1385"/>
        <source>quality gate is %1: the seed commits V%2 only after the gate passes (the report and %3 are written and kept)</source>
        <translation>质量门为 %1：只有质量门通过后才提交 V%2（报告和 %3 已写入并保留）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1387"/>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1486"/>
        <source>nothing changed since %1: no new commit</source>
        <translation>自 %1 以来没有变化：不产生新提交</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1493"/>
        <source>committed %1: %2</source>
        <translation>已提交 %1：%2</translation>
    </message>
    <message>
        <source>warning: %1: the commit hash was not recorded: %2</source>
        <translation type="vanished">warning: %1：未记录提交哈希：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1664"/>
        <source>the run was stopped: the passing %1 and %2 are kept unchanged</source>
        <translation>运行已停止：通过的 %1 和 %2 保持不变</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1682"/>
        <source>quality gate %1: see %2</source>
        <translation>质量门 %1：见 %2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1688"/>
        <source>the run was stopped before a verdict (STOPPED); its log is kept in %1. To run it again: %2</source>
        <translation>运行在得出结论前被停止（STOPPED）；其日志保存在 %1。重新运行：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1695"/>
        <source>; kernel.py is a skeleton (no kernel): %1</source>
        <translation>；kernel.py 是骨架（没有内核）：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1165"/>
        <location filename="../core/pipeline/baselinejob.cpp" line="1696"/>
        <source>see plans/v0_plan.md</source>
        <translation>见 plans/v0_plan.md</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="111"/>
        <source>stopped: </source>
        <translation>已停止：</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="194"/>
        <source>stopped in phase 1 (Understand) before the probe ran; nothing was written</source>
        <translation>在阶段 1（理解）探测运行前已停止；未写入任何内容</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="226"/>
        <source>stopped in phase 1 (Understand): %1; nothing was written</source>
        <translation>在阶段 1（理解）中停止：%1；未写入任何内容</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="240"/>
        <source>no CUDA device on this machine; use --cpu-dry-run or a remote target (the probe under %1 found no GPU: torch without CUDA, no /dev/nvidia*, or CUDA_VISIBLE_DEVICES hides them; in the workbench: CPU dry run, or another target)</source>
        <translation>本机没有 CUDA 设备；请使用 --cpu-dry-run 或远程目标（在 %1 下运行的探测未找到 GPU：torch 不含 CUDA、没有 /dev/nvidia*，或 CUDA_VISIBLE_DEVICES 隐藏了它们；在工作台中：CPU 试运行，或选择其他目标）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1265"/>
        <source>nothing was measured: %1. No record was written; run the same command again when the target can be reached (the run log: %2)</source>
        <translation>未测量任何内容：%1。未写入记录；目标可连接后请再次运行同一命令（运行日志：%2）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1267"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>PASS (harness only: the PyTorch reference ran in kernel.py&apos;s place on the CPU; kernel.py not run)</source>
        <translation type="vanished">PASS（仅测试框架：PyTorch 参考实现在 CPU 上代替 kernel.py 运行；kernel.py 未运行）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1469"/>
        <source>committed %1: the generated files, a base for your edits</source>
        <translation>已提交 %1：生成的文件，作为你的编辑的基线</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1549"/>
        <source>V0&apos;s files could not be committed before V%1&apos;s: %2</source>
        <translation>无法在 V%1 之前提交 V0 的文件：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1550"/>
        <source>committed %1: %2 (V0 was recorded with --no-commit; its files go in before V%3&apos;s)</source>
        <translation>已提交 %1：%2（V0 是以 --no-commit 记录的；其文件先于 V%3 的提交）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1554"/>
        <source>committed %1: V0&apos;s files without its kernel.py, a base for V%2 (V0 was recorded with --no-commit, and the kernel.py it measured cannot be found)</source>
        <translation>已提交 %1：V0 的文件（不含其 kernel.py），作为 V%2 的基础（V0 是以 --no-commit 记录的，且找不到它所测量的 kernel.py）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1608"/>
        <source>note: the generated files were not committed (%1)</source>
        <translation>注意：生成的文件未提交（%1）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1608"/>
        <source>nothing to commit</source>
        <translation>没有可提交的内容</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1612"/>
        <source>committed %1: the generated files, a base for your edits (V0 is not committed: its quality gate is %2)</source>
        <translation>已提交 %1：生成的文件，作为你修改的基线（V0 未作为版本提交：其质量门为 %2）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1640"/>
        <source>the generated base commit holds this run&apos;s generated %1; your edits stay in the working tree (git diff shows them)</source>
        <translation>生成的基线提交包含本次运行生成的 %1；你的编辑保留在工作区中（git diff 可查看）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1700"/>
        <source>dry run incomplete (DRY_RUN_TIMEOUT): nothing was judged, kernel.py was not run; the PyTorch reference ran out of the case timeout (%1 s) on this CPU before problem_shape completed (a slow CPU, or a hang in the model code). Run it again with a larger --case-timeout SEC (a level-3 model may need 120 or more on a small machine); see %2</source>
        <translation>试运行未完成（DRY_RUN_TIMEOUT）：未作任何判定，kernel.py 未运行；PyTorch 参照在 problem_shape 完成之前已超出本 CPU 上的用例超时（%1 秒）（CPU 太慢，或模型代码挂起）。请用更大的 --case-timeout SEC 重新运行（在小机器上，第 3 级模型可能需要 120 或更多）；见 %2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1707"/>
        <source>; a CPU dry run on a slow or busy CPU can exceed the per-case timeout (%1 s): --case-timeout SEC raises it</source>
        <translation>；在较慢或繁忙的 CPU 上，CPU 试运行可能超过每个用例的超时（%1 秒）：用 --case-timeout SEC 调高</translation>
    </message>
    <message>
        <source>probe: still running after %1 s (limit %2 s); it is stopped at the limit</source>
        <translation type="vanished">探测：已运行 %1 秒（上限 %2 秒）；到达上限时将被停止</translation>
    </message>
    <message>
        <source>probe: still running after %1 s (limit %2 s), in %3; it is stopped at the limit</source>
        <translation type="vanished">探测：已运行 %1 秒（上限 %2 秒），正在运行 %3；到达上限时将被停止</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1036"/>
        <source>removed %1, left by an earlier run: %2 is the generated one now</source>
        <translation>已删除之前运行留下的 %1：%2 现在就是生成的文件</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1038"/>
        <source>note: %1, left by an earlier run, could not be removed</source>
        <translation>注意：之前运行留下的 %1 无法删除</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1207"/>
        <location filename="../core/pipeline/baselinejob.cpp" line="1212"/>
        <source>note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1571"/>
        <source>note: %1 does not name its commit %2 (%3); `kwb versions` finds it through git</source>
        <translation>注意：%1 未写入其提交 %2（%3）；`kwb versions` 会通过 git 找到它</translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1588"/>
        <source>%1 names its commit %2 (git_commit_hash), written in the next commit %3</source>
        <translation>%1 已写入其提交 %2（git_commit_hash），记录在下一个提交 %3 中</translation>
    </message>
</context>
<context>
    <name>kwb::CaseStatus</name>
    <message>
        <location filename="../core/review/verdict.cpp" line="122"/>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="123"/>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="124"/>
        <source>TIMEOUT_FAIL</source>
        <translation>超时失败</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="125"/>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="126"/>
        <source>STOPPED</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="127"/>
        <source>RUNNING</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="128"/>
        <source>SKIPPED</source>
        <translation>已跳过</translation>
    </message>
</context>
<context>
    <name>kwb::CaseTableModel</name>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="242"/>
        <source>shape %1, dtype %2</source>
        <translation>形状 %1，dtype %2</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="243"/>
        <source>threshold rel_err &lt; %1</source>
        <translation>阈值 rel_err &lt; %1</translation>
    </message>
    <message>
        <source>PASS (harness only)</source>
        <translation type="vanished">PASS（仅测试框架）</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="246"/>
        <source>reference vs itself: kernel.py is a skeleton, no kernel of ours ran in this case</source>
        <translation>参考实现与自身比较：kernel.py 是骨架，此用例没有运行我们的内核</translation>
    </message>
    <message>
        <source>PASS (harness only): a CPU dry run checks the reference against itself, not kernel.py</source>
        <translation type="vanished">通过（PASS，仅测试框架）：CPU 试运行检查的是参考实现与其自身，而不是 kernel.py</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="264"/>
        <source>ref. vs itself</source>
        <translation>参考对自身</translation>
    </message>
    <message>
        <source>PASS %1: PASS (harness only), a CPU dry run&apos;s reference against itself</source>
        <translation type="vanished">通过 %1：通过（PASS，仅测试框架），CPU 试运行中参考实现与其自身比较</translation>
    </message>
    <message>
        <source>PASS (harness only): the case ran; rel_err %1</source>
        <translation type="vanished">PASS（仅测试框架）：用例已运行；rel_err %1</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="251"/>
        <source>no kernel ran; the reference&apos;s stand-in took %1 µs on the CPU</source>
        <translation>没有运行内核；参考实现的替身在 CPU 上耗时 %1 µs</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="266"/>
        <source>ran</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>ran: PASS (harness only), the case ran in a CPU dry run; rel_err %1</source>
        <translation type="vanished">已运行：PASS（仅测试框架），用例在 CPU 试运行中运行；rel_err %1</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="321"/>
        <source>The case&apos;s status from the harness (PASS, FAIL, TIMEOUT_FAIL, ERROR)</source>
        <translation>测试框架给出的用例状态（PASS、FAIL、TIMEOUT_FAIL、ERROR）</translation>
    </message>
    <message>
        <source>stand-in µs (CPU): the reference timed on the CPU in the kernel&apos;s place; not a measurement</source>
        <translation type="vanished">替身 µs（CPU）：在 CPU 上代替内核计时的参考实现；不是测量值</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="158"/>
        <source>the quality gate failed, and not for a case (every case ran): %1</source>
        <translation>质量门禁未通过，原因不在某个用例（每个用例都已运行）：%1</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="162"/>
        <source>quality gate</source>
        <translation>质量门禁</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="192"/>
        <source>no reason given</source>
        <translation>未给出原因</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="196"/>
        <source>skipped when the harness planned the cases (not run, not checked): %1</source>
        <translation>测试框架规划用例时已跳过（未运行，未检查）：%1</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="202"/>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="238"/>
        <source>input %1: %2</source>
        <translation>输入 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="239"/>
        <source>dtype %1</source>
        <translation>dtype %1</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="249"/>
        <source>ran (harness only): the harness ran the case, kernel.py did not; rel_err %1</source>
        <translation>已运行（仅测试框架）：测试框架运行了该用例，kernel.py 未运行；rel_err %1</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="319"/>
        <source>ran (harness only): the case ran in a CPU dry run, kernel.py did not; rel_err %1</source>
        <translation>已运行（仅测试框架）：该用例在 CPU 试运行中运行，kernel.py 未运行；rel_err %1</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="323"/>
        <source>kernel µs: none in a CPU dry run, no kernel ran (each case&apos;s tooltip has the reference&apos;s stand-in time on the CPU)</source>
        <translation>内核 µs：CPU 试运行中没有，没有运行内核（每个用例的提示中有参考实现替身在 CPU 上的耗时）</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="325"/>
        <source>latency_us: the kernel&apos;s latency in µs, as timed by the harness</source>
        <translation>latency_us：测试框架计时的内核延迟（µs）</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="327"/>
        <source>reference µs (CPU): the PyTorch reference timed on the CPU</source>
        <translation>参考 µs（CPU）：在 CPU 上计时的 PyTorch 参考实现</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="328"/>
        <source>ref latency_us: the PyTorch reference&apos;s latency in µs</source>
        <translation>ref latency_us：PyTorch 参考实现的延迟（µs）</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="336"/>
        <source>Case</source>
        <translation>用例</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="338"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="340"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="342"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="344"/>
        <source>rel_err</source>
        <translation>rel_err</translation>
    </message>
    <message>
        <source>µs (CPU)</source>
        <translation type="vanished">µs (CPU)</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="346"/>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="348"/>
        <source>ref µs (CPU)</source>
        <translation>参考 µs (CPU)</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="348"/>
        <source>ref µs</source>
        <translation>参考 µs</translation>
    </message>
    <message>
        <source>latency_us</source>
        <translation type="vanished">latency_us</translation>
    </message>
    <message>
        <source>stand-in µs (CPU)</source>
        <translation type="vanished">替身 µs（CPU）</translation>
    </message>
    <message>
        <source>ref latency_us</source>
        <translation type="vanished">参考 latency_us</translation>
    </message>
    <message>
        <source>reference µs (CPU)</source>
        <translation type="vanished">参考实现 µs（CPU）</translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="350"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>kwb::CodeEditor</name>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="168"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="190"/>
        <source>This editor has no file to save to.</source>
        <translation>此编辑器没有可保存到的文件。</translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="195"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="200"/>
        <source>Saving %1 failed: %2</source>
        <translation>保存 %1 失败：%2</translation>
    </message>
</context>
<context>
    <name>kwb::CuteStageLabel</name>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="385"/>
        <location filename="../core/codegen/cutechain.cpp" line="386"/>
        <location filename="../core/codegen/cutechain.cpp" line="387"/>
        <source>GEMM</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="388"/>
        <location filename="../core/codegen/cutechain.cpp" line="427"/>
        <source>pointwise with broadcast tensors</source>
        <translation>带广播张量的逐元素运算</translation>
    </message>
    <message>
        <source>sum / mean / amax / amin / logsumexp reductions</source>
        <translation type="vanished">sum / mean / amax / amin / logsumexp 归约</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="389"/>
        <source>sum / mean / prod / amax / amin / logsumexp reductions</source>
        <translation>sum / mean / prod / amax / amin / logsumexp 归约</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="390"/>
        <location filename="../core/codegen/cutechain.cpp" line="391"/>
        <source>var / std</source>
        <translation>var / std</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="392"/>
        <location filename="../core/codegen/cutechain.cpp" line="393"/>
        <source>several reductions of the same rows</source>
        <translation>同一行上的多个归约</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="394"/>
        <source>softmax / log-softmax</source>
        <translation>softmax / log-softmax</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="395"/>
        <location filename="../core/codegen/cutechain.cpp" line="396"/>
        <location filename="../core/codegen/cutechain.cpp" line="397"/>
        <source>group / layer / batch norm</source>
        <translation>group / layer / batch norm</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="398"/>
        <source>max / avg pooling</source>
        <translation>max / avg 池化</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="399"/>
        <source>adaptive pooling</source>
        <translation>自适应池化</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="400"/>
        <source>convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="401"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="402"/>
        <source>masked softmax</source>
        <translation>带掩码的 softmax</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="403"/>
        <source>recurrent layers</source>
        <translation>循环层</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="404"/>
        <source>p-norms</source>
        <translation>p 范数</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="405"/>
        <location filename="../core/codegen/cutechain.cpp" line="406"/>
        <location filename="../core/codegen/cutechain.cpp" line="438"/>
        <source>cumulative scans</source>
        <translation>累积扫描</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="407"/>
        <location filename="../core/codegen/cutechain.cpp" line="408"/>
        <location filename="../core/codegen/cutechain.cpp" line="409"/>
        <source>fill / arange / tril / triu</source>
        <translation>填充 / arange / tril / triu</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="410"/>
        <location filename="../core/codegen/cutechain.cpp" line="411"/>
        <location filename="../core/codegen/cutechain.cpp" line="412"/>
        <location filename="../core/codegen/cutechain.cpp" line="413"/>
        <location filename="../core/codegen/cutechain.cpp" line="414"/>
        <source>embedding / index / gather</source>
        <translation>嵌入 / 索引 / gather</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="415"/>
        <source>embedding bags</source>
        <translation>嵌入包（embedding bag）</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="416"/>
        <location filename="../core/codegen/cutechain.cpp" line="417"/>
        <location filename="../core/codegen/cutechain.cpp" line="418"/>
        <location filename="../core/codegen/cutechain.cpp" line="419"/>
        <source>topk / sort / kthvalue / max along a dim</source>
        <translation>沿某一维的 topk / sort / kthvalue / max</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="420"/>
        <location filename="../core/codegen/cutechain.cpp" line="421"/>
        <location filename="../core/codegen/cutechain.cpp" line="422"/>
        <location filename="../core/codegen/cutechain.cpp" line="423"/>
        <location filename="../core/codegen/cutechain.cpp" line="424"/>
        <source>pad / flip / roll</source>
        <translation>补边 / 翻转 / 循环移位</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="425"/>
        <location filename="../core/codegen/cutechain.cpp" line="426"/>
        <location filename="../core/codegen/cutechain.cpp" line="428"/>
        <source>concatenation</source>
        <translation>拼接</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="429"/>
        <source>upsampling</source>
        <translation>上采样</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="430"/>
        <source>nll / cross-entropy losses</source>
        <translation>nll / 交叉熵损失</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="431"/>
        <location filename="../core/codegen/cutechain.cpp" line="432"/>
        <source>unfold / fold</source>
        <translation>unfold / fold 图块展开与折叠</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="433"/>
        <source>copying reshapes</source>
        <translation>需要复制的 reshape</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="434"/>
        <location filename="../core/codegen/cutechain.cpp" line="435"/>
        <location filename="../core/codegen/cutechain.cpp" line="436"/>
        <location filename="../core/codegen/cutechain.cpp" line="437"/>
        <source>scatter</source>
        <translation>scatter 散射写入</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="439"/>
        <source>in-place input writes</source>
        <translation>原地写入的输入（写回）</translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="440"/>
        <location filename="../core/codegen/cutechain.cpp" line="441"/>
        <source>affine grid / grid sample</source>
        <translation>仿射网格 / 网格采样</translation>
    </message>
</context>
<context>
    <name>kwb::DisplayText</name>
    <message>
        <location filename="../core/review/displaytext.cpp" line="71"/>
        <source>not evaluated: CPU dry run (the harness ran the PyTorch reference on the CPU at reduced shapes; kernel.py was checked statically, not run)</source>
        <translation>未评估：CPU 试运行（测试框架在 CPU 上以缩小的形状运行了 PyTorch 参考实现；kernel.py 只做了静态检查，未运行）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="77"/>
        <source>reference too slow on this CPU: %1 of %2 case(s) (%3) ran out of the per-case time, so the harness did not check them (--case-timeout SEC raises it)</source>
        <translation>参考实现在此 CPU 上太慢：%2 个用例中有 %1 个（%3）超出了单个用例的时限，测试框架未检查它们（--case-timeout SEC 可提高时限）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="87"/>
        <source>not runnable on this CPU&apos;s torch: %1 of %2 case(s) (%3): the PyTorch reference raises in that dtype on the CPU, so the harness skipped them (a GPU run checks them)</source>
        <translation>本机 CPU 的 torch 无法运行：%2 个用例中的 %1 个（%3）：PyTorch 参照在 CPU 上以该数据类型运行时报错，因此测试框架跳过了它们（GPU 运行会检查它们）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="96"/>
        <source>dry run: not runnable on this CPU&apos;s torch %1: the PyTorch reference (the kernel&apos;s stand-in) raises in %2 here (%3) although it runs in float32 on the same inputs; kernel.py was not run, and a GPU run checks this case</source>
        <translation>试运行：本机 CPU 的 torch %1 无法运行：PyTorch 参照（内核的替身）在此以 %2 运行时报错（%3），而在相同输入上以 float32 可以运行；kernel.py 未运行，GPU 运行会检查此用例</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="126"/>
        <source>case exceeded TEST_TIMEOUT_SEC=%1 s</source>
        <translation>用例超过 TEST_TIMEOUT_SEC=%1 秒</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="131"/>
        <source>watchdog: no CASE_RESULT within %1 s (TEST_TIMEOUT_SEC=%2 + %3 s grace); process group %4 killed</source>
        <translation>看门狗：%1 秒内没有 CASE_RESULT（TEST_TIMEOUT_SEC=%2 + %3 秒宽限）；已终止进程组 %4</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="136"/>
        <source>%1: rel_err %2 &gt;= threshold %3</source>
        <translation>%1：rel_err %2 ≥ 阈值 %3</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="142"/>
        <source>dispatch check: ModelNew.forward ran PyTorch compute op(s) %1; the kernel must compute through its framework</source>
        <translation>调度检查：ModelNew.forward 运行了 PyTorch 计算算子 %1；内核必须通过其框架计算</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="146"/>
        <source>the run was stopped by the user</source>
        <translation>运行已被用户停止</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="147"/>
        <source>the harness printed no RESULT_JSON</source>
        <translation>测试框架没有输出 RESULT_JSON</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="159"/>
        <source>kernel.py is a skeleton marked unimplemented</source>
        <translation>kernel.py 是标记为未实现的骨架</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="158"/>
        <source>kernel.py is a skeleton marked unimplemented (the harness was not run)</source>
        <translation>kernel.py 是标记为未实现的骨架（测试框架未运行）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="111"/>
        <source>no input size is free to resize: each is tied to a parameter or the module</source>
        <translation>没有可调整大小的输入尺寸：每个尺寸都绑定到某个参数或该模块</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="113"/>
        <source>the free size(s) %1 kept: below TILE=%2 or already not a multiple of it, and the other sizes are tied to a parameter, the module or another input</source>
        <translation>可变尺寸 %1 保持不变：小于 TILE=%2 或本来就不是它的倍数，其余尺寸绑定到某个参数、该模块或另一个输入</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="116"/>
        <source>no tail tested: its shapes are problem_shape&apos;s (%1)</source>
        <translation>未测试尾部：其形状与 problem_shape 相同（%1）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="117"/>
        <source>no size-1 dim tested: its shapes are problem_shape&apos;s (%1)</source>
        <translation>未测试大小为 1 的维度：其形状与 problem_shape 相同（%1）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="123"/>
        <source>untimed: nothing was timed (%1)</source>
        <translation>untimed：未计时任何用例（%1）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="155"/>
        <source>kernel.py is a skeleton marked unimplemented (the harness was not run): %1</source>
        <translation>kernel.py 是标记为未实现的骨架（测试框架未运行）：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="156"/>
        <source>kernel.py is a skeleton marked unimplemented: %1</source>
        <translation>kernel.py 是标记为未实现的骨架：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="162"/>
        <location filename="../core/review/displaytext.cpp" line="838"/>
        <source>no case ran</source>
        <translation>没有运行任何用例</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="168"/>
        <source>harness output error</source>
        <translation>测试框架输出错误</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="169"/>
        <source>harness error</source>
        <translation>测试框架错误</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="170"/>
        <source>run error</source>
        <translation>运行错误</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="171"/>
        <source>framework conformance</source>
        <translation>框架一致性</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="172"/>
        <source>%1: </source>
        <translation>%1：</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="185"/>
        <source>no kernel: kernel.py is a skeleton marked unimplemented (%1)</source>
        <translation>无内核：kernel.py 是标记为未实现的骨架（%1）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="187"/>
        <source>quality gate %1: %2 (see %3)</source>
        <translation>质量门禁 %1：%2（见 %3）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="191"/>
        <source>%1 has no template for this problem: %2</source>
        <translation>%1 没有适用于此问题的模板：%2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="198"/>
        <source>%1 with alpha or beta other than 1 has no chain stage yet</source>
        <translation>alpha 或 beta 不为 1 的 %1 尚无链式阶段</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="200"/>
        <source>%1 with a dtype= argument has no chain stage yet</source>
        <translation>带 dtype= 参数的 %1 尚无链式阶段</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="202"/>
        <source>%1: this view (%2) has no chain stage yet</source>
        <translation>%1：此视图（%2）尚无链式阶段</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="203"/>
        <source>%1 has no chain stage yet</source>
        <translation>%1 尚无链式阶段</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="219"/>
        <source>finished: ok</source>
        <translation>结束：成功</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="221"/>
        <source>finished: status %1 (exit code %2)</source>
        <translation>结束：状态 %1（退出码 %2）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="222"/>
        <source>finished: %1</source>
        <translation>结束：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="511"/>
        <source>forward() failed at the resized sizes (%1)</source>
        <translation>forward() 在变化后的尺寸下失败（%1）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="530"/>
        <source>resize check: size %1 kept: forward() unpacks a dim of that size into %2 names %3, so it is a fixed width, not a size; the checks keep it</source>
        <translation>尺寸变化检查：保留尺寸 %1：forward() 把该大小的维度拆成 %2 个名字 %3，因此它是固定宽度而不是尺寸；各项检查保持它不变</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="536"/>
        <source>; forward() reads the size globals %1 (read them from the inputs&apos; shapes to let the checks resize them)</source>
        <translation>；forward() 读取了尺寸全局变量 %1（改为从输入的形状读取，检查才能改变它们）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="546"/>
        <source>forward reads a tensor value (.item()/bool()/int() on a tensor): the result is data-dependent; the probe continued with the placeholder %1</source>
        <translation>forward 读取了张量的值（对张量调用 .item()/bool()/int()）：结果依赖数据；探针以占位值 %1 继续</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="550"/>
        <source>forward uses %1: the output is random; the reference comparison must fix the seed or run the model in eval()</source>
        <translation>forward 使用了 %1：输出是随机的；与参考实现比较时必须固定随机种子，或在 eval() 模式下运行模型</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="561"/>
        <source>%1</source>
        <comment>a probe or planner text kept in English (tool output)</comment>
        <translation>［工具原文］%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="605"/>
        <source>bool() of a tensor, e.g. a while/if on a tensor</source>
        <translation>对张量调用 bool()，例如以张量为条件的 while/if</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="606"/>
        <source>float() of a tensor</source>
        <translation>对张量调用 float()</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="607"/>
        <source>int() of a tensor</source>
        <translation>对张量调用 int()</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="608"/>
        <source>.item()/bool()/int() on a tensor</source>
        <translation>对张量调用 .item()/bool()/int()</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="609"/>
        <source>%1() on a tensor</source>
        <translation>对张量调用 %1()</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="613"/>
        <source>forward reads a tensor value to decide what it computes (line %1: %2); the probe traced one placeholder path, so a kernel planned from that trace would hard-code it: write the data-dependent control flow by hand</source>
        <translation>forward 读取张量的值来决定计算内容（第 %1 行：%2）；探针只追踪了一条占位路径，据此规划的内核会把它写死：请手写这段依赖数据的控制流</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="621"/>
        <source>forward returns a Python number read from a tensor (line %1: %2), not a tensor: the generated kernels return tensors; return the tensor itself (drop that read) and the harness compares its value</source>
        <translation>forward 返回从张量读出的 Python 数值（第 %1 行：%2），而不是张量：生成的内核返回张量；请直接返回该张量（去掉这次读取），测试框架会比较它的值</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="832"/>
        <source>%1 ran (harness only)</source>
        <translation>%1 个已运行（仅测试框架）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="833"/>
        <source>%1 vacuous (nothing to compare)</source>
        <translation>%1 个无可比较的值（空检查）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="837"/>
        <source>%1 skipped</source>
        <translation>%1 个已跳过</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="853"/>
        <source>V0 was stopped before a verdict: Measure Again records a later version against a V0 with a verdict, so it is off until V0 is measured again (run phases 1-4 again, or `kwb baseline … --force`).</source>
        <translation>V0 在得出判定前被停止：“再次测量”要以一个有判定的 V0 为基准记录后续版本，因此在重新测量 V0 之前不可用（重新运行阶段 1–4，或 `kwb baseline … --force`）。</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="858"/>
        <source>V0 has no verdict (no run was recorded): Measure Again records a later version against a V0 with a verdict, so it is off until V0 is measured (run phases 1-4 again, or `kwb baseline … --force`).</source>
        <translation>V0 没有判定（未记录任何运行）：“再次测量”要以一个有判定的 V0 为基准记录后续版本，因此在测量 V0 之前不可用（重新运行阶段 1–4，或 `kwb baseline … --force`）。</translation>
    </message>
    <message>
        <source>process %1 exited with code %2</source>
        <translation type="vanished">进程 %1 退出，退出码 %2</translation>
    </message>
    <message>
        <source>process %1 ended by a signal</source>
        <translation type="vanished">进程 %1 被信号终止</translation>
    </message>
    <message>
        <source>process %1 on %2 in %3: %4</source>
        <translation type="vanished">进程 %1 在 %2 上，目录 %3：%4</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="231"/>
        <source>preparing target %1</source>
        <translation>正在准备目标 %1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="232"/>
        <source>resuming with --skip %1</source>
        <translation>以 --skip %1 继续</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="268"/>
        <source>%1 %2  %3  shape %4  %5  (CPU dry run: the PyTorch reference ran in kernel.py&apos;s place; nothing measured)</source>
        <translation>%1 %2  %3  形状 %4  %5  （CPU 试运行：PyTorch 参考实现代替 kernel.py 运行；未测量任何内容）</translation>
    </message>
    <message>
        <source>%1 %2  %3  shape %4  %5  (CPU dry run: the PyTorch reference ran against itself; nothing measured)</source>
        <translation type="vanished">%1 %2  %3  形状 %4  %5  （CPU 试运行：PyTorch 参照与自身比较；未做任何测量）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="273"/>
        <source>ran</source>
        <translation>已运行</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="277"/>
        <source>%1 %2  %3  shape %4  %5  rel_err %6</source>
        <translation>%1 %2  %3  形状 %4  %5  rel_err %6</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="281"/>
        <source>  %1 (ref %2)</source>
        <translation>  %1（参考 %2）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="284"/>
        <source>  first call %1 s</source>
        <translation>  首次调用 %1 秒</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="310"/>
        <source>■ harness result (CPU dry run): %1 of %2 case(s) ran the PyTorch reference on the CPU, %3 skipped (not runnable on this CPU&apos;s torch); no kernel ran, nothing was measured</source>
        <translation>■ 测试框架结果（CPU 试运行）：%2 个用例中 %1 个在 CPU 上运行了 PyTorch 参照，%3 个被跳过（本机 CPU 的 torch 无法运行）；没有运行内核，未做任何测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="315"/>
        <source>■ harness result (CPU dry run): %1 case(s) ran the PyTorch reference on the CPU; no kernel ran, nothing was measured</source>
        <translation>■ 测试框架结果（CPU 试运行）：%1 个用例在 CPU 上运行了 PyTorch 参照；没有运行内核，未做任何测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="319"/>
        <source>■ harness result %1 (%2): %3 case(s), max rel_err %4, latency %5</source>
        <translation>■ 测试框架结果 %1（%2）：%3 个用例，最大 rel_err %4，延迟 %5</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="462"/>
        <source>seed default: gpu-kernel-baseline Phase 3 &apos;The default BF16 threshold is rel_err &lt; 0.01&apos;, rel_err = ||out.float() - ref|| / ||ref||</source>
        <translation>seed 默认值：gpu-kernel-baseline 阶段 3“默认 BF16 阈值为 rel_err &lt; 0.01”，rel_err = ||out.float() - ref|| / ||ref||</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="466"/>
        <source>seed&apos;s bf16 value kept for fp16: fp16 has 3 more mantissa bits (u = 2^-11 vs bf16&apos;s 2^-8), so a correct fp16 kernel lands well below it</source>
        <translation>fp16 沿用 seed 的 bf16 值：fp16 多 3 位尾数（u = 2^-11，bf16 为 2^-8），正确的 fp16 内核远低于此阈值</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="470"/>
        <source>seed default kept for fp32: a baseline kernel may compute on TF32 or bf16 tensor cores (u = 2^-11 / 2^-8), which a tight fp32 bound (1e-5) would reject; tighten it per task when the kernel computes in full fp32</source>
        <translation>fp32 沿用 seed 默认值：基线内核可能在 TF32 或 bf16 张量核心上计算（u = 2^-11 / 2^-8），严格的 fp32 界限（1e-5）会拒绝它；内核以完整 fp32 计算时，可按任务收紧</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="475"/>
        <source>fp64 reference and kernel (u = 2^-53): 1e-6 leaves room for reordered sums over millions of terms while still catching a dropped term</source>
        <translation>fp64 参考与内核（u = 2^-53）：1e-6 为数百万项求和的重排留有余地，同时仍能发现遗漏的项</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="479"/>
        <source>seed: &apos;lower precision formats may use task-specific relaxed thresholds&apos;; e4m3 has 3 mantissa bits (u = 2^-4 = 0.0625)</source>
        <translation>seed：“更低精度的格式可使用针对任务放宽的阈值”；e4m3 有 3 位尾数（u = 2^-4 = 0.0625）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="482"/>
        <source>seed: relaxed for low precision; e5m2 has 2 mantissa bits (u = 2^-3 = 0.125)</source>
        <translation>seed：低精度放宽；e5m2 有 2 位尾数（u = 2^-3 = 0.125）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="494"/>
        <source>sizes %1 share the value %2: dims are named by where they came from, else left as literals</source>
        <translation>尺寸 %1 取值相同（%2）：维度按其来源命名，无法判断来源的保留为字面量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="497"/>
        <source>forward writes %1 %2 in place (%3, line %4): the reference mutates state; a kernel must reproduce or the harness must reset it</source>
        <translation>forward 原地写入 %1 %2（%3，第 %4 行）：参考实现会改变状态；内核须复现该写入，或由测试框架重置</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="502"/>
        <source>the model is in training mode (the reference never calls eval()): BatchNorm normalises with batch statistics and updates its running stats</source>
        <translation>模型处于训练模式（参考实现从未调用 eval()）：BatchNorm 用批统计量归一化，并更新其运行统计量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="510"/>
        <source>resize check: %1; sizes in forward() are bound to input dims by value</source>
        <translation>尺寸变化检查：%1；forward() 中的尺寸按取值绑定到输入维度</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="515"/>
        <source>broadcast in %1: operands %2 -&gt; %3</source>
        <translation>%1 中的广播：操作数 %2 -&gt; %3</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="517"/>
        <source>mask in %1 (line %2)</source>
        <translation>%1 中的掩码（第 %2 行）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="649"/>
        <source>the %1 rendering of chains is not written yet</source>
        <translation>%1 的链式渲染尚未实现</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="688"/>
        <source>the CuTe DSL renders a chain in which every launch has a CuTe DSL stage (%1), and %2</source>
        <translation>CuTe DSL 渲染的链要求每次启动都有 CuTe DSL 阶段（%1），而%2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="689"/>
        <source>, </source>
        <comment>between the CuTe DSL stages a skeleton reason lists</comment>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="704"/>
        <source>its rendering of chains of several launches is not written yet</source>
        <translation>其多次启动链的渲染尚未实现</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="706"/>
        <source>its GEMM takes no prologue (the pointwise run on A before it) yet</source>
        <translation>其 GEMM 尚不支持前置处理（在它之前对 A 进行的逐元素运算）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="708"/>
        <source>its rendering of a chain of one %1 launch is not written yet</source>
        <translation>其单次 %1 启动链的渲染尚未实现</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="710"/>
        <source>its forward() also calls %1 (a training-mode branch), which has no CuTe DSL stage yet</source>
        <translation>其 forward() 还调用了 %1（训练模式分支），它尚无 CuTe DSL 阶段</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="713"/>
        <source>this plan has %1 epilogues (a training-mode branch)</source>
        <translation>此计划有 %1 个尾处理（训练模式分支）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="678"/>
        <location filename="../core/review/displaytext.cpp" line="715"/>
        <source>its epilogue (%1) does not lower in the CuTe DSL dialect: %2</source>
        <translation>其尾处理（%1）无法降低到 CuTe DSL 方言：%2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="717"/>
        <source>the CuTe DSL renders a chain of one GEMM with a fused pointwise epilogue, and %1</source>
        <translation>CuTe DSL 渲染的链只能是一个带融合逐元素尾处理的 GEMM，而且%1</translation>
    </message>
    <message>
        <source>the CuTe DSL renders a chain in which every launch has a CuTe DSL stage (GEMM, pointwise with broadcast tensors, sum / mean / amax / amin / logsumexp reductions, var / std, softmax / log-softmax, group / layer / batch norm, max / avg pooling), and %1</source>
        <translation type="vanished">CuTe DSL 渲染的链要求每次启动都有 CuTe DSL 阶段（GEMM、带广播张量的逐元素运算、sum / mean / amax / amin / logsumexp 归约、var / std、softmax / log-softmax、group / layer / batch norm、max / avg 池化），而%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="676"/>
        <source>%1 has no CuTe DSL stage yet</source>
        <translation>%1尚无 CuTe DSL 阶段</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="666"/>
        <source>a convolution launch (conv_forward)</source>
        <translation>卷积启动（conv_forward）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="224"/>
        <source>harness process %1 (test_kernel.py) exited with code %2</source>
        <translation>测试框架进程 %1（test_kernel.py）退出，退出码 %2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="226"/>
        <source>harness process %1 (test_kernel.py) ended by a signal</source>
        <translation>测试框架进程 %1（test_kernel.py）被信号终止</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="228"/>
        <source>harness process %1 on %2 in %3: %4</source>
        <translation>测试框架进程 %1，运行于 %2，目录 %3：%4</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="668"/>
        <source>a kwb_softmax launch of torch&apos;s _safe_softmax (safe_rows)</source>
        <translation>torch 的 _safe_softmax 的 kwb_softmax 启动（safe_rows）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="670"/>
        <source>a %1 launch with %2=</source>
        <translation>带 %2= 的 %1 启动</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="671"/>
        <source>a %1 launch with a prologue on A (%2=)</source>
        <translation>在 A 上带前处理（%2=）的 %1 启动</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="673"/>
        <source>a %1 launch of %2</source>
        <translation>%2 的 %1 启动</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="675"/>
        <source>a %1 launch</source>
        <translation>%1 启动</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="681"/>
        <source>its epilogue %1 has no CuTe DSL form</source>
        <translation>其尾处理 %1 没有 CuTe DSL 形式</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="724"/>
        <source>Kernel Workbench plans this problem as a chain of 1 launch (%1); %2: --framework triton renders it</source>
        <translation>Kernel Workbench 将此问题规划为 1 次启动的链（%1）；%2：--framework triton 可以渲染它</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="727"/>
        <source>Kernel Workbench plans this problem as a chain of %1 launches (%2); %3: --framework triton renders it</source>
        <translation>Kernel Workbench 将此问题规划为 %1 次启动的链（%2）；%3：--framework triton 可以渲染它</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="739"/>
        <source>no spec sheet for product &apos;%1&apos; (as &apos;%2&apos;) in the store</source>
        <translation>知识库中没有产品 &apos;%1&apos;（按 &apos;%2&apos; 查找）的规格表</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="785"/>
        <source>device-to-device copy measured by test_kernel.py in this run: %1 TB/s</source>
        <translation>本次运行中由 test_kernel.py 测得的设备内拷贝：%1 TB/s</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="792"/>
        <source>%1 measured (%2)</source>
        <translation>%1，实测（%2）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="793"/>
        <source>%1 measured (%2; %3)</source>
        <translation>%1，实测（%2；%3）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="794"/>
        <source> — %1</source>
        <translation> — %1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="846"/>
        <source>no version recorded</source>
        <translation>未记录版本</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="848"/>
        <source>V%1 of %2</source>
        <translation>V%1，共 %2 个版本</translation>
    </message>
    <message>
        <source>  %1 µs (ref %2 µs)</source>
        <translation type="vanished">  %1 µs（参考 %2 µs）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="376"/>
        <source>cpu-dry-run: the &apos;kernel&apos; is the PyTorch reference Model itself, run on the CPU at the problem&apos;s own shapes: no input dim can be scaled down (every size is tied to the model: a parameter shape or a constructor argument); these numbers check the harness and the problem files, they are not a kernel measurement</source>
        <translation>cpu-dry-run：“内核”就是 PyTorch 参考 Model 本身，在 CPU 上以问题自身的形状运行：没有可缩小的输入维度（每个尺寸都与模型绑定：参数形状或构造参数）；这些数字检查的是测试框架和问题文件，不是内核测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="382"/>
        <source>cpu-dry-run: the &apos;kernel&apos; is the PyTorch reference Model itself, run on the CPU at scaled-down shapes; these numbers check the harness and the problem files, they are not a kernel measurement</source>
        <translation>cpu-dry-run：“内核”就是 PyTorch 参考 Model 本身，在 CPU 上以缩小的形状运行；这些数字检查的是测试框架和问题文件，不是内核测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="386"/>
        <source>cpu-test (KWB_HARNESS_DEVICE=cpu, test-only): kernel.py ran on the CPU; timings are CPU wall clock, not a GPU measurement</source>
        <translation>cpu-test（KWB_HARNESS_DEVICE=cpu，仅用于测试）：kernel.py 在 CPU 上运行；计时是 CPU 墙钟时间，不是 GPU 测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="393"/>
        <source>CPU dry run: no kernel measured</source>
        <translation>CPU 试运行：未测量内核</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="394"/>
        <source>no measurement</source>
        <translation>无测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="395"/>
        <source>skeleton: no kernel ran</source>
        <translation>骨架：没有运行内核</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="412"/>
        <source>quality gate: %1</source>
        <translation>质量门禁：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="413"/>
        <source>quality gate: %1 — %2</source>
        <translation>质量门禁：%1 — %2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="414"/>
        <source>wrote %1 and %2</source>
        <translation>已写入 %1 和 %2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="420"/>
        <source>%1 and %2 are unchanged (this run&apos;s records, apart from the date): not rewritten</source>
        <translation>%1 和 %2 未变（除日期外即本次运行的记录）：未重写</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="423"/>
        <source>wrote %1; %2 is unchanged: not rewritten</source>
        <translation>已写入 %1；%2 未变：未重写</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="425"/>
        <source>%1 µs, %2 GB/s (%3% of datasheet bandwidth), %4 TFLOPS</source>
        <translation>%1 µs，%2 GB/s（数据手册带宽的 %3%），%4 TFLOPS</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="428"/>
        <source>%1 had been changed since kwb wrote it (an edit or `kwb memory update`): that version is kept as %2</source>
        <translation>%1 在 kwb 写入后被改动过（手动编辑或 `kwb memory update`）：该版本保留为 %2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="431"/>
        <source>%1 had been edited since kwb wrote it: your version is kept as %2</source>
        <translation>%1 在 kwb 写入后被编辑过：你的版本保留为 %2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="434"/>
        <source>roofline data not kept: %1</source>
        <translation>未保存屋顶线数据：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="435"/>
        <source>roofline figure not drawn: %1</source>
        <translation>未绘制 屋顶线图：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="436"/>
        <source>utilization not computed: %1</source>
        <translation>未计算利用率：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="255"/>
        <source>case %1/%2 </source>
        <translation>用例 %1/%2 </translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="256"/>
        <source>▶ %1%2  shape %3  %4</source>
        <translation>▶ %1%2  形状 %3  %4</translation>
    </message>
    <message>
        <source>%1 %2  %3  shape %4  %5  rel_err %6  %7 µs (ref %8 µs)</source>
        <translation type="vanished">%1 %2  %3  形状 %4  %5  rel_err %6  %7 µs（参考 %8 µs）</translation>
    </message>
    <message>
        <source>■ harness result %1 (%2): %3 case(s), max rel_err %4, latency %5 µs</source>
        <translation type="vanished">■ 测试框架结果 %1（%2）：%3 个用例，最大 rel_err %4，延迟 %5 µs</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/review/displaytext.cpp" line="326"/>
        <source>☰ %n case(s) planned</source>
        <translation>
            <numerusform>☰ 计划 %n 个用例</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="333"/>
        <source>‖ waiting for the GPU timing lock: %1</source>
        <translation>‖ 正在等待 GPU 计时锁：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="337"/>
        <source>» GPU timing lock held after %1 s: %2</source>
        <translation>» 等待 %1 秒后获得 GPU 计时锁：%2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="338"/>
        <source>GPU timing lock released: %1</source>
        <translation>GPU 计时锁已释放：%1</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="342"/>
        <source>‖ %1: first kernel call (JIT compile), up to %2 s</source>
        <translation>‖ %1：首次内核调用（JIT 编译），最长 %2 秒</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="344"/>
        <source>» %1: first kernel call took %2 s</source>
        <translation>» %1：首次内核调用用时 %2 秒</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="347"/>
        <source>⚠ unreadable %1 line: %2</source>
        <translation>⚠ 无法解析的 %1 行：%2</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="355"/>
        <source>… %1 bytes of output (%2 lines) dropped here: the log and this view keep the first %3 and the last %4 bytes, and every protocol line</source>
        <translation>… 此处省略了 %1 字节输出（%2 行）：日志和此视图保留前 %3 字节和后 %4 字节，以及所有协议行</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="266"/>
        <source>%1 %2  %3  shape %4  %5  (CPU dry run: the PyTorch reference, in kernel.py&apos;s place, did not return; nothing measured)</source>
        <translation>%1 %2  %3  形状 %4  %5  （CPU 试运行：代替 kernel.py 的 PyTorch 参考实现未返回；未测量任何内容）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="299"/>
        <source>■ harness result (CPU dry run): no case completed: %1 of %2 case(s) did not return within the case timeout; no kernel ran, nothing was measured</source>
        <translation>■ 测试框架结果（CPU 试运行）：没有用例完成：%2 个用例中 %1 个未在用例超时内返回；没有运行内核，未做任何测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="304"/>
        <source>■ harness result (CPU dry run): %1 of %2 case(s) ran the PyTorch reference on the CPU, %3 did not return within the case timeout; no kernel ran, nothing was measured</source>
        <translation>■ 测试框架结果（CPU 试运行）：%2 个用例中 %1 个在 CPU 上运行了 PyTorch 参照，%3 个未在用例超时内返回；没有运行内核，未做任何测量</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="575"/>
        <source>input %1 is an %2 tensor compared exactly, which this DSL&apos;s lowering reads as fp32 (the Triton chain compares it in integers)</source>
        <translation>输入 %1 是按精确值比较的 %2 张量，而此 DSL 的降级会把它读作 fp32（Triton 链以整数比较它）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="579"/>
        <source>input %1 is an %2 tensor in integer arithmetic (%3, node %4, computes %5), which this DSL&apos;s lowering computes in fp32 only (the Triton chain computes it exactly, wrapping as torch&apos;s %5 does)</source>
        <translation>输入 %1 是参与整数运算的 %2 张量（%3，节点 %4，计算 %5），而此 DSL 的降级只能以 fp32 计算（Triton 链精确计算，并像 torch 的 %5 一样回绕）</translation>
    </message>
</context>
<context>
    <name>kwb::EditorTabs</name>
    <message>
        <location filename="../widgets/editortabs.cpp" line="26"/>
        <source>File changed on disk</source>
        <translation>文件已在磁盘上更改</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="27"/>
        <source>%1 changed on disk since this tab loaded it (another program wrote it: kwb measure, git, another editor).

Overwrite it with your version, or reload it and lose your edits?</source>
        <translation>%1 在此标签页载入后已在磁盘上被更改（另一个程序写入了它：kwb measure、git 或其他编辑器）。

用你的版本覆盖它，还是重新载入并放弃你的编辑？</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="31"/>
        <source>Overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="32"/>
        <source>Reload</source>
        <translation>重新载入</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="75"/>
        <source>Not saved: %1 changed on disk since this tab loaded it; your edits are still in the tab.</source>
        <translation>未保存：%1 在此标签页载入后已在磁盘上被更改；你的编辑仍保留在标签页中。</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="135"/>
        <source>The current tab is not an editable file.</source>
        <translation>当前标签页不是可编辑的文件。</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="204"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="204"/>
        <source>%1 has unsaved changes. Save them before closing?</source>
        <translation>%1 有未保存的更改。关闭前是否保存？</translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="210"/>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
</context>
<context>
    <name>kwb::ExprText</name>
    <message>
        <location filename="../core/records/exprtext.cpp" line="118"/>
        <source>valid at these sizes only (no formula: a size is folded into a coefficient)</source>
        <translation>仅在这些尺寸下成立（无公式：某个尺寸被并入了系数）</translation>
    </message>
    <message>
        <location filename="../core/records/exprtext.cpp" line="120"/>
        <source>valid at these sizes only (no formula: not checked at other sizes)</source>
        <translation>仅在这些尺寸下成立（无公式：未在其他尺寸下检验）</translation>
    </message>
</context>
<context>
    <name>kwb::KnowledgeModel</name>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="72"/>
        <source>Record id: %1</source>
        <translation>记录 ID：%1</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="73"/>
        <source>Constraint: %1</source>
        <translation>约束：%1</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="40"/>
        <location filename="../widgets/knowledgemodel.cpp" line="74"/>
        <source>FALLBACK SAMPLE: not a match for this problem or hardware.</source>
        <translation>FALLBACK 后备样例：与此问题或硬件不匹配。</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="46"/>
        <source>Constraint:</source>
        <translation>约束：</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="103"/>
        <source>FALLBACK (not a match)</source>
        <translation>FALLBACK（不匹配）</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="103"/>
        <source>match</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="42"/>
        <location filename="../widgets/knowledgemodel.cpp" line="114"/>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="41"/>
        <location filename="../widgets/knowledgemodel.cpp" line="116"/>
        <source>Record id</source>
        <translation>记录 ID</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="118"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="42"/>
        <location filename="../widgets/knowledgemodel.cpp" line="120"/>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="42"/>
        <location filename="../widgets/knowledgemodel.cpp" line="122"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="124"/>
        <source>Match</source>
        <translation>匹配</translation>
    </message>
</context>
<context>
    <name>kwb::LedgerText</name>
    <message>
        <location filename="../core/review/displaytext.cpp" line="747"/>
        <source>device-to-device copy of 1 GiB: ~0.505 ms, counting read + write bytes; CV &lt;= 0.1%</source>
        <translation>1 GiB 的设备内拷贝：约 0.505 ms，按读 + 写字节计；CV &lt;= 0.1%</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="749"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md); 88% of the 4.8 TB/s datasheet figure</source>
        <translation>在一台此型号机器上测得，见 GPU.md（shared/docs/GPU.md）；为数据手册 4.8 TB/s 的 88%</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="752"/>
        <source>copy ceiling measured in the same run as KernelBench 19_ReLU (events with a 256 MB L2 flush, median of 20)</source>
        <translation>与 KernelBench 19_ReLU 同一次运行中测得的拷贝上限（事件计时，每次前刷新 256 MB L2，20 次取中位数）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="755"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md)</source>
        <translation>在一台此型号机器上测得，见 GPU.md（shared/docs/GPU.md）</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="756"/>
        <source>bf16 GEMM through torch, 8192x8192x8192</source>
        <translation>经 torch 的 bf16 GEMM，8192x8192x8192</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="757"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md): ~770-800 TFLOP/s (value is the low end); dense datasheet 989</source>
        <translation>在一台此型号机器上测得，见 GPU.md（shared/docs/GPU.md）：约 770-800 TFLOP/s（取低端值）；数据手册稠密值 989</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="760"/>
        <source>bf16 GEMM through torch, 4096x4096x4096</source>
        <translation>经 torch 的 bf16 GEMM，4096x4096x4096</translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="761"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md): ~714-750 TFLOP/s (value is the low end)</source>
        <translation>在一台此型号机器上测得，见 GPU.md（shared/docs/GPU.md）：约 714-750 TFLOP/s（取低端值）</translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="316"/>
        <location filename="../widgets/mainwindow.cpp" line="321"/>
        <source>Spec not saved</source>
        <translation>规格未保存</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="317"/>
        <source>Phase %1 is running; save the spec when it has finished.</source>
        <translation>阶段 %1 正在运行；请在其完成后保存规格。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="321"/>
        <source>run phase 1 first</source>
        <translation>请先运行阶段 1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="330"/>
        <source>Spec saved to %1/.kwb/spec.json</source>
        <translation>规格已保存到 %1/.kwb/spec.json</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="334"/>
        <location filename="../widgets/mainwindow.cpp" line="1232"/>
        <location filename="../widgets/mainwindow.cpp" line="1246"/>
        <location filename="../widgets/mainwindow.cpp" line="1255"/>
        <location filename="../widgets/mainwindow.cpp" line="1552"/>
        <source>Cannot open file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="345"/>
        <source>%1 changed on disk: reloaded.</source>
        <translation>%1 已在磁盘上更改：已重新载入。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="346"/>
        <source>%1 changed on disk; your unsaved edits are kept, and saving will ask before overwriting.</source>
        <translation>%1 已在磁盘上更改；你未保存的编辑已保留，保存时会先询问是否覆盖。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="353"/>
        <source>Stopping after the running phase…</source>
        <translation>将在当前阶段结束后停止…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="360"/>
        <source>Stopping the measurement…</source>
        <translation>正在停止测量…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="360"/>
        <source>Stopping phase %1 (%2)…</source>
        <translation>正在停止阶段 %1（%2）…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="366"/>
        <source>GPU spec ledger</source>
        <translation>GPU 规格台账</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="367"/>
        <source>Open a PyTorch logic file (File &gt; Open) to start.</source>
        <translation>打开一个 PyTorch 逻辑文件（文件 &gt; 打开）以开始。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="378"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="379"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="381"/>
        <source>Open PyTorch logic file</source>
        <translation>打开 PyTorch 逻辑文件</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="382"/>
        <source>Python files (*.py);;All files (*)</source>
        <translation>Python 文件 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="387"/>
        <source>Open &amp;Workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="388"/>
        <source>Open workspace folder</source>
        <translation>打开工作区文件夹</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="399"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="401"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="404"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="406"/>
        <location filename="../widgets/mainwindow.cpp" line="412"/>
        <location filename="../widgets/mainwindow.cpp" line="1534"/>
        <location filename="../widgets/mainwindow.cpp" line="1924"/>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="410"/>
        <source>Save &amp;All</source>
        <translation>全部保存(&amp;A)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="416"/>
        <source>&amp;Export Review…</source>
        <translation>导出评审(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="423"/>
        <source>Export review</source>
        <translation>导出评审</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="424"/>
        <source>HTML (*.html);;PDF (*.pdf);;Markdown (*.md)</source>
        <translation>HTML (*.html);;PDF (*.pdf);;Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="428"/>
        <location filename="../widgets/mainwindow.cpp" line="1495"/>
        <location filename="../widgets/mainwindow.cpp" line="1501"/>
        <location filename="../widgets/mainwindow.cpp" line="1505"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="428"/>
        <source>Give the file a .html, .pdf or .md name.</source>
        <translation>请使用 .html、.pdf 或 .md 作为文件扩展名。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="431"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="436"/>
        <source>One self-contained file (HTML, PDF or Markdown) with the verdict, the report and the roofline</source>
        <translation>一个自包含文件（HTML、PDF 或 Markdown），含判定、报告和 屋顶线图</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="438"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="442"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="444"/>
        <source>&amp;%1. %2</source>
        <translation>&amp;%1. %2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="448"/>
        <source>Run &amp;All Phases</source>
        <translation>运行全部阶段(&amp;A)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="452"/>
        <source>Phases 1-4, the report and memory record, and the commit when the quality gate allows it, as `kwb baseline` does; Stop ends it</source>
        <translation>阶段 1–4、报告与 memory 记录，以及质量门允许时的提交，与 `kwb baseline` 相同；“停止”可结束它</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="454"/>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="459"/>
        <source>Measure &amp;Again</source>
        <translation>再次测量(&amp;A)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1321"/>
        <source>Reviewing %1, nothing re-run. V0 has no verdict: phases 1-4 measure it</source>
        <translation>正在审阅 %1，未重新运行。V0 没有判定：阶段 1–4 会测量它</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1322"/>
        <source>Reviewing %1, nothing re-run. Measure Again keeps V0</source>
        <translation>正在审阅 %1，未重新运行。“再次测量”保留 V0</translation>
    </message>
    <message>
        <source>Measure kernel.py as it is on disk as the workspace&apos;s next version (V1, V2, ...), write its report and memory record and commit it, as `kwb measure` does</source>
        <translation type="vanished">把磁盘上的 kernel.py 作为工作区的下一个版本（V1、V2……）测量，写入其报告和记忆记录并提交，与 `kwb measure` 相同</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="468"/>
        <source>&amp;Report</source>
        <translation>报告(&amp;R)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="472"/>
        <source>Write baseline_report.md, memory/v0.json and the roofline figure, and preview the report</source>
        <translation>写入 baseline_report.md、memory/v0.json 和 屋顶线图，并预览报告</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="473"/>
        <source>&amp;Memory</source>
        <translation>记忆(&amp;M)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="476"/>
        <source>Open memory/v0.json (written with the report)</source>
        <translation>打开 memory/v0.json（随报告一同写入）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="477"/>
        <source>&amp;Commit</source>
        <translation>提交(&amp;C)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="480"/>
        <source>Commit &quot;V0: baseline kernel&quot; (only after the quality gate passes)</source>
        <translation>提交“V0: baseline kernel”（仅在质量门禁通过后）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="484"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="496"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="497"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="499"/>
        <source>&amp;Dark Theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="510"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="511"/>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="513"/>
        <source>About Kernel Workbench</source>
        <translation>关于 Kernel Workbench</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="514"/>
        <source>Kernel Workbench %1
PyTorch logic to a correct, measured and committed V0 GPU kernel baseline.</source>
        <translation>Kernel Workbench %1
将 PyTorch 逻辑转化为正确、经过测量并已提交的 V0 GPU 内核基线。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="556"/>
        <source>Wizard</source>
        <translation>向导</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="680"/>
        <source>No knowledge records to show. Phase 2 (Learn) lists here the records it consulted for the GPU, framework and operator; a reviewed workspace, those its memory record names. Select a record to read it whole.</source>
        <translation>没有可显示的知识记录。第 2 阶段（学习）会在此列出它为该 GPU、框架和算子查询到的记录；审阅一个工作区时，显示其记忆记录中列出的记录。选中一条记录可阅读全文。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="706"/>
        <source>Copy Record Id</source>
        <translation>复制记录 ID</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="729"/>
        <source>Knowledge</source>
        <translation>知识</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="778"/>
        <source>%n record(s) kept for this problem</source>
        <translation>
            <numerusform>为此问题保留 %n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="780"/>
        <source>; %n set aside as not applying to it (%1)</source>
        <translation>
            <numerusform>；%n 条不适用于此问题，已搁置（%1）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="784"/>
        <source>set aside: %1 — %2</source>
        <translation>已搁置：%1 — %2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="785"/>
        <source>The plan (plans/v0_plan.md) lists each one.</source>
        <translation>计划（plans/v0_plan.md）逐条列出。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1118"/>
        <source>Measure Again needs the workspace&apos;s V0: %1</source>
        <translation>再次测量需要工作区的 V0：%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1124"/>
        <source>The run was stopped: it has no verdict to commit. Run phase 4 again.</source>
        <translation>运行已停止：没有可提交的结论。请重新运行阶段 4。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1146"/>
        <source>No CUDA device on this machine: CPU dry run is on (the reference runs on the CPU; no kernel is measured). Uncheck it for a remote target.</source>
        <translation>本机没有 CUDA 设备：已开启 CPU 试运行（参考实现在 CPU 上运行，不测量内核）。使用远程目标时请取消勾选。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1171"/>
        <source>kernel.py is unchanged since V%1. Measure the same kernel again?</source>
        <translation>kernel.py 自 V%1 以来未改动。要再次测量同一内核吗？</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1292"/>
        <source>The run was made from %1%2. Phase 1 here runs on the workspace&apos;s copy of it, %3.</source>
        <translation>此运行由 %1%2 生成。此处的阶段 1 在工作区中它的副本 %3 上运行。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1294"/>
        <source> (no longer there)</source>
        <translation>（已不在原处）</translation>
    </message>
    <message>
        <source>Opened workspace %1 (%2) for review, nothing re-run: V0 has no verdict; phase 1 onward measures it anew</source>
        <translation type="vanished">已打开工作区 %1（%2）供审阅，未重新运行任何内容：V0 没有判定；从阶段 1 起重新运行会重新测量它</translation>
    </message>
    <message>
        <source>Opened workspace %1 (%2) for review, nothing re-run: Measure Again keeps V0; phase 1 onward replaces it</source>
        <translation type="vanished">已打开工作区 %1（%2）供审阅，未重新运行任何内容：“再次测量”保留 V0；从阶段 1 起重新运行会替换它</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1410"/>
        <source>%1 changed on disk (kwb measure?): showing %2.</source>
        <translation>%1 在磁盘上已更改（kwb measure？）：现在显示 %2。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1638"/>
        <source>Phase %1 (%2) stopped: %3</source>
        <translation>阶段 %1（%2）已停止：%3</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1640"/>
        <source>Phase %1 (%2) stopped.</source>
        <translation>阶段 %1（%2）已停止。</translation>
    </message>
    <message>
        <source>V%1 dry run finished: %2 case(s) checked on the CPU; not measured</source>
        <translation type="vanished">V%1 试运行完成：已在 CPU 上检查 %2 个用例；未测量</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1698"/>
        <source>V%1 measurement finished: %2</source>
        <translation>V%1 测量完成：%2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1705"/>
        <source> — measured on %1, NOT the target %2: no utilization (the ledger does not know this device)</source>
        <translation> — 在 %1 上测量，并非目标 %2：无利用率（规格账本不认识此设备）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1707"/>
        <source> — measured on %1 (%2), NOT the target %3: utilization is against %2</source>
        <translation> — 在 %1（%2）上测量，并非目标 %3：利用率按 %2 计算</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1816"/>
        <source>stopped in phase %1 (%2)</source>
        <translation>在阶段 %1（%2）中停止</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="726"/>
        <source>Roofline</source>
        <translation>屋顶线图</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="746"/>
        <source>Plugins</source>
        <translation>插件</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="721"/>
        <source>Run console</source>
        <translation>运行控制台</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="215"/>
        <source>Workbench</source>
        <translation>工作台</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="282"/>
        <source>Recorded V%1.</source>
        <translation>已记录 V%1。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="282"/>
        <source>V%1: %2</source>
        <translation>V%1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="463"/>
        <source>Measure kernel.py as it is on disk as the workspace&apos;s next version (V1, V2, ...), write its report and memory record and commit it, as `kwb measure` does. V0 is kept.</source>
        <translation>将磁盘上现有的 kernel.py 作为工作区的下一个版本（V1、V2……）测量，写出其报告和记忆记录并提交，与 `kwb measure` 相同。V0 保留。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1071"/>
        <source>Kernel Workbench[*]</source>
        <translation>Kernel Workbench[*]</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1071"/>
        <source>%1[*] — Kernel Workbench</source>
        <translation>%1[*] — Kernel Workbench</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1082"/>
        <source>none for %1</source>
        <translation>%1 无对应框架</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1083"/>
        <source>%1 for %2</source>
        <translation>%2 使用 %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1207"/>
        <source>Phase %1 is running; open %2 when it has finished.</source>
        <translation>阶段 %1 正在运行；请在其完成后打开 %2。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1226"/>
        <location filename="../widgets/mainwindow.cpp" line="1352"/>
        <source>Cannot open workspace</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1227"/>
        <source>%1 has no reference.py: not a kernel_opt_&lt;name&gt; workspace.</source>
        <translation>%1 中没有 reference.py：不是 kernel_opt_&lt;name&gt; 工作区。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1232"/>
        <source>%1 is not a Python (.py) logic file.</source>
        <translation>%1 不是 Python (.py) 逻辑文件。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1206"/>
        <location filename="../widgets/mainwindow.cpp" line="1237"/>
        <location filename="../widgets/mainwindow.cpp" line="1241"/>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1237"/>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1241"/>
        <source>A measurement is running: stop it first.</source>
        <translation>测量正在运行：请先停止。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1320"/>
        <source>Opened %1: run phase 1 (Understand)</source>
        <translation>已打开 %1：请运行阶段 1（理解）</translation>
    </message>
    <message>
        <source>Opened workspace %1 (%2) for review, nothing re-run: phase 1 runs it again</source>
        <translation type="vanished">已打开工作区 %1（%2）供审阅，未重新运行任何内容：阶段 1 会重新运行它</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1526"/>
        <location filename="../widgets/mainwindow.cpp" line="1915"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1527"/>
        <source>These files have unsaved changes; the run reads what is on disk:
%1

Save them first?</source>
        <translation>以下文件有未保存的更改；运行时读取的是磁盘上的内容：
%1

是否先保存？</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1548"/>
        <source>%1 changed on disk; your unsaved edits in its tab are kept.</source>
        <translation>%1 已在磁盘上被更改；其标签页中未保存的编辑已保留。</translation>
    </message>
    <message>
        <source>No logic file</source>
        <translation type="vanished">没有逻辑文件</translation>
    </message>
    <message>
        <source>Open a PyTorch logic file first (File &gt; Open).</source>
        <translation type="vanished">请先打开一个 PyTorch 逻辑文件（文件 &gt; 打开）。</translation>
    </message>
    <message>
        <source>Phase %1</source>
        <translation type="vanished">阶段 %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="392"/>
        <source>Open S&amp;uite…</source>
        <translation>打开套件(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="394"/>
        <source>Open suite folder (with suite.json)</source>
        <translation>打开套件文件夹（含 suite.json）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="398"/>
        <source>A folder written by kwb suite: every problem in a sortable table</source>
        <translation>由 kwb suite 写出的文件夹：所有问题列在一张可排序的表中</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="755"/>
        <source>Compare runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="755"/>
        <source>One of the runs has no recorded cases (no result.json).</source>
        <translation>其中一次运行没有记录的用例（没有 result.json）。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="759"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Suite</source>
        <translation type="vanished">套件</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="872"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="878"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="881"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="885"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="886"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="887"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="888"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="891"/>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="894"/>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="894"/>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="896"/>
        <source>&quot;%1&quot; not found</source>
        <translation>未找到“%1”</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="900"/>
        <source>Find &amp;Next</source>
        <translation>查找下一个(&amp;N)</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="901"/>
        <source>No further match</source>
        <translation>没有更多匹配</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="905"/>
        <source>R&amp;eplace…</source>
        <translation>替换(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="908"/>
        <location filename="../widgets/mainwindow.cpp" line="910"/>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="908"/>
        <source>Replace:</source>
        <translation>替换：</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="910"/>
        <source>Replace &quot;%1&quot; with:</source>
        <translation>将“%1”替换为：</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="913"/>
        <source>%n replacement(s)</source>
        <translation>
            <numerusform>已替换 %n 处</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="917"/>
        <source>&amp;Go to Line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="919"/>
        <source>Go to line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="919"/>
        <source>Line:</source>
        <translation>行：</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="931"/>
        <source>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;&lt;p&gt;PyTorch logic to a correct, measured and committed V0 GPU kernel.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;&lt;p&gt;从 PyTorch 逻辑到正确、已测量并已提交的 V0 GPU 内核。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="934"/>
        <source>Open a PyTorch logic file…</source>
        <translation>打开 PyTorch 逻辑文件…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="935"/>
        <source>Open a workspace to review…</source>
        <translation>打开工作区进行评审…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="936"/>
        <source>Open a suite…</source>
        <translation>打开套件…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="937"/>
        <source>A folder written by kwb suite (with suite.json)</source>
        <translation>由 kwb suite 写出的文件夹（含 suite.json）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="940"/>
        <source>Open example (19_ReLU)</source>
        <translation>打开示例（19_ReLU）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="949"/>
        <source>Open example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="949"/>
        <source>The example 19_ReLU.py is not installed with this build.</source>
        <translation>此构建未安装示例 19_ReLU.py。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="968"/>
        <source>&lt;b&gt;Recent&lt;/b&gt; (double-click; a workspace opens for review, nothing is re-run)</source>
        <translation>&lt;b&gt;最近&lt;/b&gt;（双击；工作区以评审方式打开，不会重新运行）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="978"/>
        <source>suite  %1</source>
        <translation>套件  %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="979"/>
        <source>workspace  %1</source>
        <translation>工作区  %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="980"/>
        <source>logic file  %1</source>
        <translation>逻辑文件  %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1069"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The run was stopped: nothing of it is recorded. Run phase 4 again.</source>
        <translation type="vanished">运行已停止：不会记录任何内容。请重新运行阶段 4。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1126"/>
        <source>Commit needs a passing quality gate (now %1).</source>
        <translation>提交需要质量门禁通过（当前为 %1）。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1153"/>
        <location filename="../widgets/mainwindow.cpp" line="1157"/>
        <location filename="../widgets/mainwindow.cpp" line="1161"/>
        <location filename="../widgets/mainwindow.cpp" line="1171"/>
        <location filename="../widgets/mainwindow.cpp" line="1183"/>
        <source>Measure Again</source>
        <translation>再次测量</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1153"/>
        <source>Open a workspace with a recorded V0 first (File &gt; Open Workspace…).</source>
        <translation>请先打开一个已记录 V0 的工作区（文件 &gt; 打开工作区…）。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1157"/>
        <source>A phase is running; measure again when it has finished.</source>
        <translation>有阶段正在运行；请在其结束后再次测量。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1199"/>
        <source>Measuring V%1 of %2…</source>
        <translation>正在测量 %2 的 V%1…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1246"/>
        <source>%1 cannot be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1300"/>
        <location filename="../widgets/mainwindow.cpp" line="1303"/>
        <source>Review: %1</source>
        <translation>评审：%1</translation>
    </message>
    <message>
        <source>Opened workspace %1 (%2): run phase 1 to run it again</source>
        <translation type="vanished">已打开工作区 %1（%2）：运行阶段 1 以重新运行</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1330"/>
        <source>Cannot open suite</source>
        <translation>无法打开套件</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1339"/>
        <source>Suite: %1</source>
        <translation>套件：%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1344"/>
        <source>Opened suite %1: double-click a problem (or press Enter) to review its workspace</source>
        <translation>已打开套件 %1：双击某个问题（或按回车）以评审其工作区</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1353"/>
        <source>The workspace of %1 is not on this machine: %2 does not exist. The suite may have run elsewhere, or the folder was moved or deleted; copy it next to suite.json to review it.</source>
        <translation>%1 的工作区不在本机：%2 不存在。该套件可能在别处运行，或文件夹已被移动或删除；将其复制到 suite.json 旁边即可评审。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1387"/>
        <source>%1, %2, CPU dry run</source>
        <translation>%1，%2，CPU 试运行</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1388"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1456"/>
        <source>Phase 1 not run: workspace %1 was left as it is.</source>
        <translation>阶段 1 未运行：工作区 %1 保持原样。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1465"/>
        <source>Workspace already exists</source>
        <translation>工作区已存在</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1466"/>
        <source>%1 is already a Kernel Workbench workspace.</source>
        <translation>%1 已经是一个 Kernel Workbench 工作区。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1470"/>
        <source>Running the phases there regenerates its spec, reference.py, test_kernel.py and README.md as a new run. Files you edited (kernel.py included) are kept; new versions are written beside them as *.generated. Its report and memory/v0.json change only when you write the records (Report, Memory or Commit).

The command line asks for --force here.</source>
        <translation>在该处运行各阶段会作为一次新的运行重新生成其规格、reference.py、test_kernel.py 和 README.md。你编辑过的文件（包括 kernel.py）会保留；新版本以 *.generated 写在旁边。其报告和 memory/v0.json 只有在你写入记录（报告、记忆或提交）时才会改变。

命令行在此需要 --force。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1474"/>
        <source>Open Its Review</source>
        <translation>打开其审阅</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1475"/>
        <source>Overwrite as a New Run</source>
        <translation>覆盖为新的运行</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1476"/>
        <source>Choose Another Folder…</source>
        <translation>选择其他文件夹…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1484"/>
        <source>Workspace folder (new or empty)</source>
        <translation>工作区文件夹（新建或为空）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1495"/>
        <source>Write the report first (Run &gt; Report).</source>
        <translation>请先写出报告（运行 &gt; 报告）。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1501"/>
        <source>Open a workspace or finish a run first.</source>
        <translation>请先打开工作区或完成一次运行。</translation>
    </message>
    <message>
        <source>Phase %1 (%2) is still running.</source>
        <translation type="vanished">阶段 %1（%2）仍在运行。</translation>
    </message>
    <message>
        <source>Run phase %1 (%2) first.</source>
        <translation type="vanished">请先运行阶段 %1（%2）。</translation>
    </message>
    <message>
        <source>Settings changed</source>
        <translation type="vanished">设置已更改</translation>
    </message>
    <message>
        <source>GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again.</source>
        <translation type="vanished">GPU、框架、工作区或 CPU 试运行设置在阶段 1 之后已更改：请重新运行阶段 1（理解）。</translation>
    </message>
    <message>
        <source>Measuring: the run console shows each case as it finishes.</source>
        <translation type="vanished">测量中：运行控制台会在每个用例完成时显示其结果。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1619"/>
        <source>Phase %1 (%2) running…</source>
        <translation>阶段 %1（%2）运行中…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1646"/>
        <source>Phase %1 (%2) failed</source>
        <translation>阶段 %1（%2）失败</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1658"/>
        <source>Understood %1: framework %2 on %3</source>
        <translation>已理解 %1：在 %3 上使用框架 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) consulted</source>
        <translation type="vanished">
            <numerusform>已查阅 %n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <source> from %1</source>
        <translation type="vanished">，来自 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.</source>
        <translation type="vanished">
            <numerusform>%n 个后备样例：并非此问题的匹配项；请查看知识面板。</numerusform>
        </translation>
    </message>
    <message>
        <source>Plan: %1</source>
        <translation type="vanished">计划：%1</translation>
    </message>
    <message>
        <source>The quality gate is %1: the seed commits V0 only after the gate passes.</source>
        <translation type="vanished">质量门禁为 %1：seed 流程仅在门禁通过后提交 V0。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1125"/>
        <location filename="../widgets/mainwindow.cpp" line="1899"/>
        <source>Committed %1: %2</source>
        <translation>已提交 %1：%2</translation>
    </message>
    <message>
        <source>Status %1 (%2), %3 case(s); max rel_err %4</source>
        <translation type="vanished">状态 %1（%2），%3 个用例；最大 rel_err %4</translation>
    </message>
    <message>
        <source>latency_us %1 (reference %2), primary case %3</source>
        <translation type="vanished">latency_us %1（参考 %2），主用例 %3</translation>
    </message>
    <message>
        <source>CPU dry run: %1</source>
        <translation type="vanished">CPU 试运行：%1</translation>
    </message>
    <message>
        <source>Log: %1</source>
        <translation type="vanished">日志：%1</translation>
    </message>
    <message>
        <source>Next: Report, Memory, Commit.</source>
        <translation type="vanished">下一步：报告、记忆、提交。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1685"/>
        <source>Measurement</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>V0 measurement finished</source>
        <translation type="vanished">V0 测量已完成</translation>
    </message>
    <message>
        <source>Phase %1 is running; wait for it to finish.</source>
        <translation type="vanished">阶段 %1 正在运行；请等待其完成。</translation>
    </message>
    <message>
        <source>No measurement</source>
        <translation type="vanished">没有测量结果</translation>
    </message>
    <message>
        <source>Run phase 4 (Measure) first.</source>
        <translation type="vanished">请先运行阶段 4（测量）。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1418"/>
        <location filename="../widgets/mainwindow.cpp" line="1733"/>
        <location filename="../widgets/mainwindow.cpp" line="1747"/>
        <location filename="../widgets/mainwindow.cpp" line="1767"/>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Quality gate: %1</source>
        <translation type="vanished">质量门禁：%1</translation>
    </message>
    <message>
        <source>  why: %1</source>
        <translation type="vanished">  原因：%1</translation>
    </message>
    <message>
        <source>Harness: %1 (%2), %3 case(s); max rel_err %4</source>
        <translation type="vanished">测试框架：%1（%2），%3 个用例；最大 rel_err %4</translation>
    </message>
    <message>
        <source>Stopped: nothing is recorded; the workspace&apos;s records are unchanged.</source>
        <translation type="vanished">已停止：不记录任何内容；工作区的记录保持不变。</translation>
    </message>
    <message>
        <source>Next: Report and Memory record this failing run; Commit needs a passing gate.</source>
        <translation type="vanished">下一步：报告和记忆会记录这次失败的运行；提交需要门禁通过。</translation>
    </message>
    <message>
        <source>V0 measurement finished: %1</source>
        <translation type="vanished">V0 测量完成：%1</translation>
    </message>
    <message>
        <source>The run was stopped: it is not recorded, and the workspace&apos;s report and memory stay as they were. Run phase 4 again.</source>
        <translation type="vanished">运行已停止：不会记录，工作区的报告和记忆保持原样。请重新运行阶段 4。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1713"/>
        <source>Replace the passing record?</source>
        <translation>替换已通过的记录？</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1714"/>
        <source>memory/v0.json and baseline_report.md record a PASSING run. This run&apos;s quality gate is %1.

Replace them with this run&apos;s records? (Only Commit keeps the passing version in git.)</source>
        <translation>memory/v0.json 和 baseline_report.md 记录的是一次通过（PASS）的运行。本次运行的质量门禁为 %1。

用本次运行的记录替换它们吗？（只有提交才会在 git 中保留通过的版本。）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1718"/>
        <source>kept the passing record</source>
        <translation>保留了已通过的记录</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1719"/>
        <source>Kept the passing record; nothing written.</source>
        <translation>已保留通过的记录；未写入任何内容。</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1767"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1770"/>
        <source>Report preview</source>
        <translation>报告预览</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1776"/>
        <source>%1 is unchanged: it already records this run (not rewritten)</source>
        <translation>%1 未变：它已记录本次运行（未重写）</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1777"/>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1787"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1803"/>
        <source>Run all phases: 1. %1 … 4. %2, then the report, memory and commit</source>
        <translation>运行全部阶段：1. %1 … 4. %2，然后生成报告、memory 并提交</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1804"/>
        <source>Run all phases: phase 1 of 4 (%1)…</source>
        <translation>运行全部阶段：第 1/4 阶段（%1）…</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1806"/>
        <source>phase 1 did not start: %1</source>
        <translation>阶段 1 未能开始：%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1806"/>
        <source>see the message</source>
        <translation>见消息</translation>
    </message>
    <message>
        <source>the measurement was stopped</source>
        <translation type="vanished">测量已停止</translation>
    </message>
    <message>
        <source>stopped after phase %1 (%2)</source>
        <translation type="vanished">已在阶段 %1（%2）后停止</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1821"/>
        <source>phase %1 (%2) did not pass</source>
        <translation>阶段 %1（%2）未通过</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1825"/>
        <source>Run all phases: phase %1 of 4 (%2)…</source>
        <translation>运行全部阶段：第 %1/4 阶段（%2）…</translation>
    </message>
    <message>
        <source>phase %1 (%2) did not start</source>
        <translation type="vanished">阶段 %1（%2）未能开始</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1861"/>
        <source>the records were not written: %1</source>
        <translation>记录未写入：%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1869"/>
        <source>quality gate %1: report and memory written, nothing committed</source>
        <translation>质量门 %1：已写入报告和 memory，未提交任何内容</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1863"/>
        <source>the commit failed: %1</source>
        <translation>提交失败：%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1692"/>
        <source>V%1 dry run finished: %2 on the CPU; not measured</source>
        <translation>V%1 试运行完成：CPU 上 %2；未测量</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1827"/>
        <source>phase %1 (%2) did not start: %3</source>
        <translation>阶段 %1（%2）未能开始：%3</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1837"/>
        <source>phase 4 (%1) did not run: %2</source>
        <translation>阶段 4（%1）未运行：%2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1842"/>
        <source>the passing record was kept: nothing written, nothing committed</source>
        <translation>保留了已通过的记录：未写入、未提交任何内容</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1855"/>
        <source>the measurement was stopped: report and memory record it as STOPPED; %1</source>
        <translation>测量已停止：报告和记忆记录为 STOPPED；%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1856"/>
        <source>the measurement was stopped: %1</source>
        <translation>测量已停止：%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1859"/>
        <source>committed %1: %2</source>
        <translation>已提交 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1865"/>
        <source>quality gate %1: report and memory written; V0 is not committed, the generated files are committed as %2, a base for your edits</source>
        <translation>质量门 %1：已写入报告和 memory；V0 未提交，生成的文件已提交为 %2，作为你修改的基线</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1879"/>
        <source>Run all phases: done, %1</source>
        <translation>运行全部阶段：完成，%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1879"/>
        <source>Run all phases ended: %1</source>
        <translation>运行全部阶段已结束：%1</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1889"/>
        <location filename="../widgets/mainwindow.cpp" line="1895"/>
        <source>Commit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>Committed %1: V0: baseline kernel</source>
        <translation type="vanished">已提交 %1：V0: baseline kernel</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1905"/>
        <source>Measurement running</source>
        <translation>测量正在运行</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1905"/>
        <source>A measurement is running. Stop it and quit?</source>
        <translation>测量正在运行。是否停止并退出？</translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1915"/>
        <source>Save your changes before quitting?
%1</source>
        <translation>退出前是否保存更改？
%1</translation>
    </message>
</context>
<context>
    <name>kwb::Phase</name>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="319"/>
        <source>Understand</source>
        <translation>理解</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="321"/>
        <source>Learn</source>
        <translation>学习</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="323"/>
        <source>Implement</source>
        <translation>实现</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="325"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
</context>
<context>
    <name>kwb::PluginPanel</name>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="55"/>
        <source>Prefill from spec</source>
        <translation>从规格预填</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="56"/>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="57"/>
        <source>Use this</source>
        <translation>使用此条</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="91"/>
        <source>Knowledge tools (checked = enabled)</source>
        <translation>知识工具（勾选 = 已启用）</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="129"/>
        <source>%1 — FAILED to load: %2</source>
        <translation>%1 — 加载失败：%2</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="137"/>
        <source> — disabled for this session: %1</source>
        <translation> — 本次会话已禁用：%1</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="200"/>
        <source>comma-separated, or a JSON array</source>
        <translation>逗号分隔，或 JSON 数组</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="202"/>
        <source>JSON object</source>
        <translation>JSON 对象</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="241"/>
        <source>No Phase 1 spec yet: run phase 1 (Understand) to prefill the query.</source>
        <translation>尚无阶段 1 规格：请运行阶段 1（理解）以预填查询。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="249"/>
        <source>Prefilled from the spec (product, arch, framework, operator, shapes, dtypes).</source>
        <translation>已从规格预填（产品、架构、框架、算子、形状、数据类型）。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="271"/>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation>%1：&apos;%2&apos; 不是数字</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="279"/>
        <source>%1: not valid JSON</source>
        <translation>%1：不是有效的 JSON</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="297"/>
        <source>%1: expected a JSON object</source>
        <translation>%1：应为 JSON 对象</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="313"/>
        <source>%1 is disabled: enable it in the list first.</source>
        <translation>%1 已禁用：请先在列表中启用。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="314"/>
        <source>Choose a knowledge tool first.</source>
        <translation>请先选择一个知识工具。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="328"/>
        <source>Querying %1…</source>
        <translation>正在查询 %1…</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="348"/>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/pluginpanel.cpp" line="350"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="362"/>
        <source>Select a result first.</source>
        <translation>请先选择一条结果。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="368"/>
        <source>Open a problem and run phases 1 and 2 first: the record goes into plans/v0_plan.md.</source>
        <translation>请先打开问题并运行阶段 1 和 2：该记录将写入 plans/v0_plan.md。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="379"/>
        <source>Added %1 to plans/v0_plan.md, labelled as a FALLBACK sample (not a match).</source>
        <translation>已将 %1 加入 plans/v0_plan.md，标记为 FALLBACK 样例（并非匹配）。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="380"/>
        <source>Added %1 to plans/v0_plan.md and the memory record&apos;s references.</source>
        <translation>已将 %1 加入 plans/v0_plan.md 和记忆记录的 references。</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="402"/>
        <source>FALLBACK sample — NOT a match for this query&apos;s scope

</source>
        <translation>FALLBACK 样例 — 与本次查询的范围不匹配

</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="403"/>
        <source>Record id: %1
Tool: %2
Scope: %3
Source: %4
</source>
        <translation>记录 id：%1
工具：%2
范围：%3
来源：%4
</translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="405"/>
        <source>Constraint: %1
</source>
        <translation>约束：%1
</translation>
    </message>
</context>
<context>
    <name>kwb::ProblemSpec</name>
    <message>
        <location filename="../core/analysis/problemspec.cpp" line="355"/>
        <source>line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
</context>
<context>
    <name>kwb::ReportText</name>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="20"/>
        <source>Baseline kernel path</source>
        <translation>基线内核路径</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="21"/>
        <source>Correctness test path</source>
        <translation>正确性测试路径</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="22"/>
        <source>PyTorch reference logic description</source>
        <translation>PyTorch 参考逻辑说明</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="23"/>
        <source>Stable source record ids consulted</source>
        <translation>查阅的稳定来源记录 ID</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="24"/>
        <source>Baseline configuration summary</source>
        <translation>基线配置摘要</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="25"/>
        <source>Correctness results</source>
        <translation>正确性结果</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="26"/>
        <source>Baseline performance</source>
        <translation>基线性能</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="27"/>
        <source>Plan kernels</source>
        <translation>计划中的内核</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="28"/>
        <source>Roofline</source>
        <translation>屋顶线图</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="29"/>
        <source>What was and was not run</source>
        <translation>运行了什么、未运行什么</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="34"/>
        <source>- Date: </source>
        <translation>- 日期：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="35"/>
        <source>- Mode: </source>
        <translation>- 模式：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="36"/>
        <source>- GPU: </source>
        <translation>- GPU：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="37"/>
        <source>- Framework: </source>
        <translation>- 框架：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="38"/>
        <source>- Run folder: </source>
        <translation>- 运行文件夹：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="39"/>
        <source>- Command: </source>
        <translation>- 命令：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="40"/>
        <source>Reference: </source>
        <translation>参考实现：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="41"/>
        <source>- Max rel_err: </source>
        <translation>- 最大 rel_err：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="42"/>
        <source>- Result: </source>
        <translation>- 结果：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="43"/>
        <source>- PyTorch reference latency: </source>
        <translation>- PyTorch 参考实现延迟：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="44"/>
        <source>- FLOPs: </source>
        <translation>- FLOPs：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="45"/>
        <source>- Compute peak source: </source>
        <translation>- 算力峰值来源：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="46"/>
        <source>- Bandwidth peak source: </source>
        <translation>- 带宽峰值来源：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="47"/>
        <source>- Bandwidth utilization vs. measured ceiling: </source>
        <translation>- 相对实测上限的带宽利用率：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="48"/>
        <source>- Timing method: </source>
        <translation>- 计时方法：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="49"/>
        <source>- Arithmetic intensity: </source>
        <translation>- 算术强度：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="50"/>
        <source>- Ridge point: </source>
        <translation>- 脊点：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="51"/>
        <source>- Bottleneck: </source>
        <translation>- 瓶颈：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="52"/>
        <source>- Not run: </source>
        <translation>- 未运行：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="53"/>
        <source>- Warning: </source>
        <translation>- 警告：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="54"/>
        <source>- Host launch path per call: </source>
        <translation>- 每次调用的主机端启动路径：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="55"/>
        <source>- TIMEOUT_FAIL: </source>
        <translation>- TIMEOUT_FAIL：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="56"/>
        <source>- torch.compile reference: </source>
        <translation>- torch.compile 参考实现：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="57"/>
        <source>- torch.compile reference (Inductor, default mode, </source>
        <translation>- torch.compile 参考实现（Inductor，默认模式，</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="62"/>
        <source>&gt; **CPU dry run: not a kernel measurement.** No GPU was used. The figures below come from the PyTorch reference running on the CPU at reduced shapes where the inputs can be resized; the kernel was not timed, and no utilization is reported as the kernel&apos;s.</source>
        <translation>&gt; **CPU 试运行：不是内核测量。** 未使用 GPU。以下数字来自在 CPU 上运行的 PyTorch 参考实现（输入可缩小处使用缩小的形状）；内核未计时，也没有任何利用率被报告为内核的利用率。</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="66"/>
        <source>_No correctness case was run._</source>
        <translation>_没有运行任何正确性用例。_</translation>
    </message>
    <message>
        <source>_CPU dry run: each case compared the PyTorch reference with a copy of itself on the CPU at reduced shapes where the inputs can be resized (each case&apos;s shape is below). &quot;PASS (harness only)&quot; means the harness and the case ran; kernel.py was not run. Both time columns are the reference on the CPU._</source>
        <translation type="vanished">_CPU 试运行：每个用例在 CPU 上把 PyTorch 参考实现与它自身的副本比较（输入可缩小处使用缩小的形状，各用例的形状见下表）。“PASS（仅测试框架）”表示测试框架和该用例运行了；kernel.py 没有运行。两个时间列都是 CPU 上的参考实现。_</translation>
    </message>
    <message>
        <source>_CPU dry run: each case ran the PyTorch reference in kernel.py&apos;s place on the CPU at reduced shapes where the inputs can be resized (each case&apos;s shape is below) and checked it against the reference&apos;s own float32 run. &quot;PASS (harness only)&quot; means the harness and the case ran; kernel.py was not run, so no rel_err is shown. Both time columns are the reference on the CPU._</source>
        <translation type="vanished">_CPU 试运行：每个用例在 CPU 上以 PyTorch 参考实现代替 kernel.py 运行（输入可缩放处使用缩小的形状，各用例形状见下），并与参考实现自身的 float32 运行结果比对。“PASS（仅测试框架）”表示测试框架和用例已运行；kernel.py 未运行，因此不显示 rel_err。两列时间都是参考实现在 CPU 上的时间。_</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="80"/>
        <source>&gt; **No run: the harness was not run.** Nothing below was measured, on a GPU or on the CPU; the FLOP and byte counts and the peaks are analytic, and the quality gate says why nothing ran.</source>
        <translation>&gt; **未运行：测试框架没有运行。** 以下内容均未经测量（GPU 和 CPU 上都没有）；FLOP 与字节数以及峰值均为解析值，质量门说明了为何没有运行。</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="83"/>
        <source>- Intensity and ridge point are analytic (FLOP and byte expressions, datasheet peaks); nothing was run.</source>
        <translation>- 算术强度和拐点为解析值（FLOP 与字节表达式、数据手册峰值）；没有运行任何内容。</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="86"/>
        <source>- Ran no correctness case: the harness was not run</source>
        <translation>- 未运行任何正确性用例：测试框架没有运行</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="87"/>
        <source>Cases not run for this problem:</source>
        <translation>本问题未运行的用例：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="88"/>
        <source>- Source of these figures: the PyTorch reference on the CPU, at reduced shapes where the inputs can be resized</source>
        <translation>- 这些数字的来源：CPU 上的 PyTorch 参考实现，输入可缩小处使用缩小的形状</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="91"/>
        <source>- Intensity and ridge point are analytic (FLOP and byte expressions, datasheet peaks); the dry run measured no kernel.</source>
        <translation>- 算术强度和脊点是解析值（FLOP 与字节表达式、数据手册峰值）；试运行没有测量任何内核。</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="94"/>
        <source>- Not run: the kernel on a GPU; no kernel latency or utilization was measured</source>
        <translation>- 未运行：GPU 上的内核；没有测量内核延迟或利用率</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="96"/>
        <source>_None: no knowledge record was consulted._</source>
        <translation>_无：没有查阅任何知识记录。_</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="97"/>
        <source>_No roofline figure was drawn._</source>
        <translation>_没有绘制 屋顶线图。_</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="98"/>
        <source>**kernel.py was edited by you and kept (not regenerated). This dry run did not run it; the configuration rows after Framework describe the kernel the workbench generated, which yours may no longer match.**</source>
        <translation>**kernel.py 已由你编辑并保留（未重新生成）。本次试运行没有运行它；“框架”之后的配置行描述的是工作台生成的内核，你的内核可能已与之不符。**</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="102"/>
        <source>**kernel.py was edited by you and kept (not regenerated): the measurement below is of your kernel, while the configuration rows after Framework describe the kernel the workbench generated, which yours may no longer match.**</source>
        <translation>**kernel.py 已由你编辑并保留（未重新生成）：以下测量的是你的内核，而“框架”之后的配置行描述的是工作台生成的内核，你的内核可能已与之不符。**</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="110"/>
        <source>Case</source>
        <translation>用例</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="111"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="112"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="113"/>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="114"/>
        <source>Stand-in time, CPU (µs)</source>
        <translation>替身时间，CPU (µs)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="115"/>
        <source>Reference time, CPU (µs)</source>
        <translation>参考时间，CPU (µs)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="116"/>
        <source>Latency (µs)</source>
        <translation>延迟 (µs)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="117"/>
        <source>Reference latency (µs)</source>
        <translation>参考延迟 (µs)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="118"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="119"/>
        <source>latency(us)</source>
        <translation>延迟 (µs)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="120"/>
        <source>bandwidth(GB/s)</source>
        <translation>带宽 (GB/s)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="121"/>
        <source>TFLOPS peak utilization(%)</source>
        <translation>TFLOPS 峰值利用率 (%)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="122"/>
        <source>bandwidth peak utilization(%)</source>
        <translation>带宽峰值利用率 (%)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="123"/>
        <location filename="../core/review/reportdisplay.cpp" line="153"/>
        <source>n/a (dry run)</source>
        <translation>无（试运行）</translation>
    </message>
    <message>
        <source>PASS (harness only)</source>
        <translation type="vanished">通过（仅测试框架）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="67"/>
        <source>_CPU dry run: each case ran the PyTorch reference in kernel.py&apos;s place on the CPU at reduced shapes where the inputs can be resized (each case&apos;s shape is below) and checked it against the reference&apos;s own float32 run. &quot;ran (harness only)&quot; means the harness and the case ran; kernel.py was not run, so no rel_err is shown. Both time columns are the reference on the CPU._</source>
        <translation>_CPU 试运行：每个用例在 CPU 上以 PyTorch 参考实现代替 kernel.py 运行（输入可缩放处使用缩小的形状，各用例形状见下），并与参考实现自身的 float32 运行结果比对。“已运行（仅测试框架）”表示测试框架和用例已运行；kernel.py 未运行，因此不显示 rel_err。两列时间都是参考实现在 CPU 上的时间。_</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="74"/>
        <source>_CPU dry run: each case ran the PyTorch reference in kernel.py&apos;s place on the CPU at reduced shapes where the inputs can be resized (each case&apos;s shape is below) and checked it against the reference&apos;s own float32 run. &quot;ran (harness only)&quot; means the harness and the case ran; kernel.py was not run, so no rel_err and no time of it is shown. The time column is the reference on the CPU._</source>
        <translation>_CPU 试运行：每个用例在 CPU 上以 PyTorch 参考实现代替 kernel.py 运行（输入可缩放处使用缩小的形状，各用例形状见下），并与参考实现自身的 float32 运行结果比对。“已运行（仅测试框架）”表示测试框架和用例已运行；kernel.py 未运行，因此不显示它的 rel_err 和时间。时间列是参考实现在 CPU 上的时间。_</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="124"/>
        <location filename="../core/review/reportdisplay.cpp" line="151"/>
        <source>ran (harness only)</source>
        <translation>已运行（仅测试框架）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="125"/>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="126"/>
        <source>grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="127"/>
        <source>block</source>
        <translation>线程块</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="128"/>
        <source>registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="129"/>
        <source>shared memory (B)</source>
        <translation>共享内存 (B)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="130"/>
        <source>share (%)</source>
        <translation>占比 (%)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="131"/>
        <source>launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="132"/>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="133"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="134"/>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="135"/>
        <source>latency (µs)</source>
        <translation>延迟 (µs)</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="136"/>
        <source>max rel_err</source>
        <translation>最大 rel_err</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="141"/>
        <source> (full log and result.json; local to this machine, not committed)</source>
        <translation>（完整日志和 result.json；仅在本机，不提交）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="142"/>
        <source> (the process was killed and the case recorded as failed)</source>
        <translation>（进程已被终止，该用例记为失败）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="143"/>
        <source>no reason given</source>
        <translation>未给出原因</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="144"/>
        <source>; bytes moved: </source>
        <translation>；搬运字节数：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="145"/>
        <source>% (ceiling: </source>
        <translation>%（上限：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="146"/>
        <source>, the median host time of one forward call, reported beside the latency</source>
        <translation>，一次 forward 调用的主机时间中位数，与延迟分开报告</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="147"/>
        <source>; more than the latency: launch-bound</source>
        <translation>；超过延迟：受启动开销限制</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="148"/>
        <source> (PyTorch reference: </source>
        <translation>（PyTorch 参考实现：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="149"/>
        <source>; kernel speedup over it: </source>
        <translation>；内核相对它的加速比：</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="150"/>
        <source>not measured (</source>
        <translation>未测量（</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="152"/>
        <source>IMPLAUSIBLE (raw </source>
        <translation>不可信（原始值 </translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="155"/>
        <source>DRY RUN (kernel not run)</source>
        <translation>试运行（内核未运行）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="157"/>
        <source>DRY RUN INCOMPLETE (out of time on this CPU; nothing judged)</source>
        <translation>试运行未完成（在本 CPU 上超时；未作任何判定）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="198"/>
        <source>Triton was requested: an extra backend outside the seed&apos;s policy (the seed&apos;s policy maps %1 to %2); the seed requires a CuteDSL or FlyDSL kernel</source>
        <translation>请求了 Triton：seed 策略之外的额外后端（seed 策略将 %1 映射到 %2）；seed 要求 CuteDSL 或 FlyDSL 内核</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="204"/>
        <source>%1 is %2; the seed&apos;s policy maps it to %3 (chosen explicitly)</source>
        <translation>%1 属于 %2；seed 策略将其映射到 %3（显式选择）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="206"/>
        <source>%1 is %2; the seed&apos;s policy maps it to %3 (gpu-kernel-baseline.txt, Phase 1 step 3)</source>
        <translation>%1 属于 %2；seed 策略将其映射到 %3（gpu-kernel-baseline.txt，阶段 1 第 3 步）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="241"/>
        <source>Baseline report: %1</source>
        <translation>基线报告：%1</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="243"/>
        <source>V%1 measurement report (the baseline is V0&apos;s baseline_report.md): %2</source>
        <translation>V%1 测量报告（基线见 V0 的 baseline_report.md）：%2</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="249"/>
        <source>V%1: kernel.py as edited, measured again</source>
        <translation>V%1：编辑后的 kernel.py，重新测量</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="254"/>
        <source>on the CPU (cpu-dry-run)</source>
        <translation>在 CPU 上（cpu-dry-run）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="255"/>
        <source>on %1</source>
        <translation>在 %1 上</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="256"/>
        <source>- Ran %1 correctness case(s): %2 %3, %4 FAIL, %5 TIMEOUT_FAIL, %6 other, %7</source>
        <translation>- 运行了 %1 个正确性用例：%2 个 %3，%4 个 FAIL，%5 个 TIMEOUT_FAIL，%6 个其他，%7</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="263"/>
        <source>not known</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="265"/>
        <source>Speedup over %1: %2%3.</source>
        <translation>相对 %1 的加速比：%2%3。</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="268"/>
        <source> (a CPU dry run on either side measures no kernel)</source>
        <translation>（任一方为 CPU 试运行时不测量内核）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="272"/>
        <source>One forward call on the problem-shape inputs under torch.profiler (CUPTI kernel times, not the timed latency): %1 launch(es), %2 µs of kernel time%3.</source>
        <translation>在 torch.profiler 下以问题形状的输入调用一次 forward（CUPTI 内核时间，不是计时得到的延迟）：%1 次启动，内核时间 %2 µs%3。</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="278"/>
        <source>, by kernel name (too many launches to list one by one)</source>
        <translation>，按内核名汇总（启动次数太多，无法逐一列出）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="281"/>
        <source>_%1&apos;s records apply (not queried again; listed in %2):_</source>
        <translation>_沿用 %1 的记录（未重新查询；列于 %2）：_</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="285"/>
        <source>- GPU: none, the harness was not run (ledger: %1)</source>
        <translation>- GPU：无，测试框架未运行（规格账本：%1）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="291"/>
        <source>- GPU: %1 (ledger: %2)</source>
        <translation>- GPU：%1（规格库：%2）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="292"/>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="296"/>
        <source>- Run folder: none (the harness was not run)</source>
        <translation>- 运行文件夹：无（测试框架未运行）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="298"/>
        <source>_Not profiled: %1_</source>
        <translation>_未做性能剖析：%1_</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="307"/>
        <source>cpu-dry-run</source>
        <translation>cpu-dry-run（CPU 试运行，非测量）</translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="309"/>
        <source>gpu</source>
        <translation>gpu（在 GPU 上测量）</translation>
    </message>
</context>
<context>
    <name>kwb::RooflinePlot</name>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="88"/>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation>算术强度 (FLOP/字节)</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="89"/>
        <source>Performance (TFLOPS)</source>
        <translation>性能 (TFLOPS)</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="103"/>
        <source>Drag to pan, wheel to zoom, double-click to reset; right-click to export</source>
        <translation>拖动平移，滚轮缩放，双击重置；右键导出</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="104"/>
        <location filename="../widgets/rooflineplot.cpp" line="141"/>
        <source>Roofline</source>
        <translation>屋顶线图</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="197"/>
        <source>No roofline yet: the V0 measurement has finished; press Report (%1) to write the report, which draws it.</source>
        <translation>尚无 屋顶线图：V0 测量已完成；按“报告”（%1）写出报告，图随报告绘制。</translation>
    </message>
    <message>
        <source>No roofline yet: it is drawn with the report, after the V0 measurement (phase 4).</source>
        <translation type="vanished">尚无 屋顶线图：它会在 V0 测量（阶段 4）之后随报告一同绘制。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="216"/>
        <source>No roofline for %1: the spec ledger has no %1 peak for %2, so neither a compute roof nor a point can be drawn.</source>
        <translation>没有 %1 的 屋顶线图：规格账本中没有 %2 的 %1 峰值，因此既画不出计算屋顶，也画不出数据点。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="344"/>
        <source>later versions (kwb measure)</source>
        <translation>后续版本（kwb measure）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="366"/>
        <source>%1 FLOP/byte, %2 TFLOPS
roof here: %3 TFLOPS (datasheet)</source>
        <translation>%1 FLOP/字节，%2 TFLOPS
此处屋顶：%3 TFLOPS（数据手册）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="369"/>
        <source>, %1 (ledger, recorded)</source>
        <translation>，%1（规格账本，记录值）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="370"/>
        <source>, %1 (measured)</source>
        <translation>，%1（实测）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="400"/>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="402"/>
        <source>Export as PNG, SVG or PDF…</source>
        <translation>导出为 PNG、SVG 或 PDF…</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="403"/>
        <source>Export roofline</source>
        <translation>导出 屋顶线图</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="404"/>
        <source>SVG (*.svg);;PNG (*.png);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PNG (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="436"/>
        <source>Cannot export the roofline as &apos;%1&apos;: use .png, .svg or .pdf.</source>
        <translation>无法将 屋顶线图导出为“%1”：请使用 .png、.svg 或 .pdf。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="438"/>
        <source>Writing %1 failed.</source>
        <translation>写入 %1 失败。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="450"/>
        <source>Roofline — %1, %2</source>
        <translation>屋顶线图 — %1，%2</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="452"/>
        <source>%1, %2: peak %3 TFLOPS, datasheet bandwidth %4 TB/s, ridge point %5 FLOP/byte</source>
        <translation>%1，%2：峰值 %3 TFLOPS，数据手册带宽 %4 TB/s，脊点 %5 FLOP/字节</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="455"/>
        <source>No roofs: the peak or the bandwidth is not known.</source>
        <translation>无屋顶线：峰值或带宽未知。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="500"/>
        <source>Memory roof: %1 TB/s (datasheet)</source>
        <translation>内存屋顶：%1 TB/s（数据手册）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="507"/>
        <source>Measured ceiling: %1 TB/s</source>
        <translation>实测上限：%1 TB/s</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="507"/>
        <source>Recorded ceiling (spec ledger): %1 TB/s</source>
        <translation>记录的上限（规格账本）：%1 TB/s</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="511"/>
        <source>Compute roof: %1 TFLOPS (%2)</source>
        <translation>计算屋顶：%1 TFLOPS（%2）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="514"/>
        <source>Ridge point: %1 FLOP/byte</source>
        <translation>脊点：%1 FLOP/字节</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="565"/>
        <source>%1 TB/s (datasheet)</source>
        <translation>%1 TB/s（数据手册）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="567"/>
        <source>%1 TB/s</source>
        <translation>%1 TB/s</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="580"/>
        <source>%1 TB/s (measured copy)</source>
        <translation>%1 TB/s（实测拷贝）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="580"/>
        <source>%1 TB/s (ledger, recorded copy)</source>
        <translation>%1 TB/s（规格账本，记录的拷贝）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="583"/>
        <source>%1 TB/s (ledger)</source>
        <translation>%1 TB/s（规格账本）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="583"/>
        <source>%1 TB/s (measured)</source>
        <translation>%1 TB/s（实测）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="537"/>
        <location filename="../widgets/rooflineplot.cpp" line="620"/>
        <source>%1 %2 TFLOPS (datasheet)</source>
        <translation>%1 %2 TFLOPS（数据手册）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="178"/>
        <source>Compute roof in %1, not the data&apos;s %2: the generated kernel computes in %1.</source>
        <translation>计算屋顶按 %1，而非数据的 %2：生成的内核以 %1 计算。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="179"/>
        <source>Compute roof in %1, not the data&apos;s %2: the kernel phase 3 will write computes in %1, so the roof stays when it runs.</source>
        <translation>计算屋顶按 %1，而非数据的 %2：第 3 阶段将编写的内核以 %1 计算，因此运行后屋顶不变。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="200"/>
        <source>No roofline yet: its roofs and the problem&apos;s arithmetic intensity are drawn once phase 1 (Understand) has counted its FLOPs and bytes; the measured point comes with the report, after phase 4.</source>
        <translation>尚无屋顶线图：阶段 1（理解）统计出 FLOPs 和字节数后，即绘制屋顶和该问题的算术强度；实测点在阶段 4 之后随报告给出。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="207"/>
        <source>Analytic intensity %1 FLOP/byte, from the spec&apos;s FLOPs and bytes (nothing measured yet): the V0 measurement has finished; press Report (%2) to write the report, which draws the measurement.</source>
        <translation>解析算术强度 %1 FLOP/字节，由规格的 FLOPs 和字节数得出（尚未测量）：V0 测量已完成；按“报告”（%2）写出报告，测量结果随报告绘制。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="210"/>
        <source>Analytic intensity %1 FLOP/byte, from the spec&apos;s FLOPs and bytes (nothing measured yet): the measured point is drawn with the report, after the V0 measurement (phase 4).</source>
        <translation>解析算术强度 %1 FLOP/字节，由规格的 FLOPs 和字节数得出（尚未测量）：实测点在 V0 测量（阶段 4）之后随报告绘制。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="475"/>
        <source>Utilization uses the datasheet %1 TB/s (solid); the dashed %2 TB/s is the ledger&apos;s recorded copy ceiling, for comparison.</source>
        <translation>利用率以数据手册的 %1 TB/s（实线）为准；虚线 %2 TB/s 是规格账本记录的拷贝上限，仅作对照。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="477"/>
        <source>Utilization uses the datasheet %1 TB/s (solid); the dashed %2 TB/s is this run&apos;s measured copy ceiling, for comparison.</source>
        <translation>利用率以数据手册的 %1 TB/s（实线）为准；虚线 %2 TB/s 是本次运行测得的拷贝上限，仅作对照。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="539"/>
        <location filename="../widgets/rooflineplot.cpp" line="622"/>
        <source>%1 %2 TFLOPS</source>
        <translation>%1 %2 TFLOPS</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="592"/>
        <source>ridge %1 FLOP/byte</source>
        <translation>脊点 %1 FLOP/字节</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="595"/>
        <source>ridge %1</source>
        <translation>脊点 %1</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="617"/>
        <source>%1 roof: %2 TFLOPS (datasheet)</source>
        <translation>%1 屋顶：%2 TFLOPS（数据手册）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="636"/>
        <source>V0</source>
        <translation>V0</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="637"/>
        <source>(above its roof: check the measurement)</source>
        <translation>（高于屋顶：请检查测量）</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="656"/>
        <source>analytic intensity: %1 FLOP/byte</source>
        <translation>解析强度：%1 FLOP/字节</translation>
    </message>
    <message>
        <source>%1: intensity %2 FLOP/byte</source>
        <translation type="vanished">%1：强度 %2 FLOP/字节</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="666"/>
        <source>no measurement</source>
        <translation>无测量</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="665"/>
        <source>No measured point (%1): the dotted line marks the kernel&apos;s arithmetic intensity.</source>
        <translation>无测量点（%1）：虚线标示内核的算术强度。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="668"/>
        <source>The measured point is not drawn: intensity %1 FLOP/byte and %2 TFLOPS must both be positive on log axes.</source>
        <translation>未绘制测量点：在对数坐标轴上，强度 %1 FLOP/字节 和 %2 TFLOPS 都必须为正数。</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="672"/>
        <source>Compute roof: %1</source>
        <translation>计算屋顶：%1</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="673"/>
        <source>Memory roof: %1</source>
        <translation>内存屋顶：%1</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="675"/>
        <source>Recorded ceiling (spec ledger, not measured by this run): %1</source>
        <translation>记录的上限（规格账本，非本次运行测得）：%1</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="676"/>
        <source>Measured ceiling: %1</source>
        <translation>实测上限：%1</translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="464"/>
        <source>Compute roof in %1 on the CUDA cores / vector units, not the %2 tensor-core peak: the problem has no matrix product, so its kernel computes in %1 and never reaches a tensor-core roof.</source>
        <translation>计算屋顶取 CUDA 核心 / 向量单元上的 %1 峰值，而非 %2 张量核心峰值：此问题没有矩阵乘，其内核以 %1 计算，达不到张量核心屋顶。</translation>
    </message>
</context>
<context>
    <name>kwb::RunConsole</name>
    <message>
        <location filename="../widgets/runconsole.cpp" line="68"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="71"/>
        <source>Raw</source>
        <translation>原始</translation>
    </message>
    <message>
        <source>Stop the measurement (the process group is killed; the log is kept)</source>
        <translation type="vanished">停止测量（终止进程组；保留日志）</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="132"/>
        <source>Stop the running phase: the probe of phase 1 or the measurement (its process group is killed; a measurement&apos;s log is kept)</source>
        <translation>停止正在运行的阶段：阶段 1 的探测或测量（终止其进程组；测量日志会保留）</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="139"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="151"/>
        <source>Show the harness&apos;s protocol lines (CASE_START, CASE_RESULT, RESULT_JSON) as printed</source>
        <translation>按原样显示测试框架的协议行（CASE_START、CASE_RESULT、RESULT_JSON）</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="154"/>
        <source>Filter output</source>
        <translation>过滤输出</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="359"/>
        <source>Phase %1: %2…</source>
        <translation>阶段 %1：%2…</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="361"/>
        <source>Phase %1: %2</source>
        <translation>阶段 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="382"/>
        <source>phase %1 done</source>
        <translation>阶段 %1 完成</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="383"/>
        <source>phase %1 stopped</source>
        <translation>阶段 %1 已停止</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="384"/>
        <source>phase %1 failed</source>
        <translation>阶段 %1 失败</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="389"/>
        <source>Phase %1 stopped: %2</source>
        <translation>阶段 %1 已停止：%2</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="390"/>
        <source>Stopped on request; nothing after it ran.</source>
        <translation>已按请求停止；其后的步骤均未运行。</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="392"/>
        <source>Phase %1 failed: %2</source>
        <translation>阶段 %1 失败：%2</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="395"/>
        <source>Phase %1 done; V0 not measured yet</source>
        <translation>阶段 %1 完成；V0 尚未测量</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="396"/>
        <source>Phase 4 (Measure) runs the V0 measurement and sets the quality gate.</source>
        <translation>阶段 4（测量）运行 V0 测量并给出质量门结论。</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="427"/>
        <source>No run: kernel.py is a skeleton (no kernel), so the harness was not run.</source>
        <translation>未运行：kernel.py 是骨架（没有内核），因此未运行测试框架。</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="432"/>
        <source>The run folder %1 is not in this copy (run folders are not committed): the cases are read from the report&apos;s table, which is the record; the run&apos;s log is not here.</source>
        <translation>运行文件夹 %1 不在这份副本中（运行文件夹不会提交）：用例取自报告中的表格，它就是记录；运行日志不在这里。</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="435"/>
        <source>The run folder %1 is not in this copy (run folders are not committed): the report&apos;s table is the record.</source>
        <translation>运行文件夹 %1 不在这份副本中（运行文件夹不会提交）：报告中的表格就是记录。</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="447"/>
        <source>recorded run of %1, its folder not in this copy</source>
        <translation>%1 的记录运行，其文件夹不在这份副本中</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="449"/>
        <source>recorded run %1, its folder not in this copy</source>
        <translation>记录运行 %1，其文件夹不在这份副本中</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="450"/>
        <source>no run recorded</source>
        <translation>没有记录的运行</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="477"/>
        <source>harness finished; quality gate %1: %2 (not a case: every case ran)</source>
        <translation>测试框架已结束；质量门禁 %1：%2（不是某个用例的问题：每个用例都已运行）</translation>
    </message>
    <message>
        <source>%1 ran (harness only)</source>
        <translation type="vanished">%1 个已运行（仅测试框架）</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="744"/>
        <source>%1 skipped</source>
        <translation>%1 个已跳过</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation type="vanished">运行 %1</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="452"/>
        <source>recorded run of %1</source>
        <translation>%1 的记录运行</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="453"/>
        <source>recorded run %1</source>
        <translation>记录的运行 %1</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="454"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="456"/>
        <source>Review: the recorded run as written in %1; nothing was re-run</source>
        <translation>评审：%1 中记录的运行；没有重新运行</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="641"/>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="684"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="684"/>
        <source>%1/%2 cases done</source>
        <translation>已完成 %1/%2 个用例</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="687"/>
        <source>case %1/%2: %3</source>
        <translation>用例 %1/%2：%3</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="688"/>
        <source>case %1: %2</source>
        <translation>用例 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="691"/>
        <source> — timeout in %1 s</source>
        <translation> — %1 秒后超时</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="692"/>
        <source> — over its %1 s timeout; the watchdog will stop it</source>
        <translation> — 已超过 %1 秒超时；看门狗将停止它</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="712"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="739"/>
        <source>%1 reference vs itself (no kernel)</source>
        <translation>%1 个参考对自身（无内核）</translation>
    </message>
    <message>
        <source>%1 PASS (harness only)</source>
        <translation type="vanished">%1 个通过（仅测试框架）</translation>
    </message>
    <message>
        <source>cases: %1</source>
        <translation type="vanished">用例：%1</translation>
    </message>
    <message>
        <source>running %1</source>
        <translation type="vanished">正在运行 %1</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="712"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="712"/>
        <source>finished with failures</source>
        <translation>已完成，但有失败</translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="565"/>
        <source>  (×%1)</source>
        <comment>a line the process printed this many times in a row</comment>
        <translation>  （×%1）</translation>
    </message>
</context>
<context>
    <name>kwb::RunsModel</name>
    <message>
        <location filename="../widgets/runspanel.cpp" line="68"/>
        <source>no result</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>PASS (harness only)</source>
        <translation type="vanished">通过（仅测试框架）</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="41"/>
        <source>The harness&apos;s PASS: its cases ran, with the PyTorch reference in kernel.py&apos;s place (a CPU dry run); no kernel was measured.
%1</source>
        <translation>测试框架的 PASS：各用例已运行，由 PyTorch 参考实现代替 kernel.py（CPU 试运行）；未测量任何内核。
%1</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="78"/>
        <source>report, memory</source>
        <translation>报告、记忆</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="77"/>
        <source>%1&apos;s report, memory</source>
        <translation>%1 的报告、记忆</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="88"/>
        <source>When the run started (month-day time, UTC)</source>
        <translation>运行开始的时间（月-日 时间，UTC）</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="92"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="94"/>
        <source>Harness</source>
        <translation>测试框架</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="96"/>
        <source>Cases</source>
        <translation>用例</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="98"/>
        <source>Recorded in</source>
        <translation>记录于</translation>
    </message>
</context>
<context>
    <name>kwb::RunsPanel</name>
    <message>
        <source>Compare the two selected</source>
        <translation type="vanished">比较所选的两次运行</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="209"/>
        <source>Double-click a run to review it; select two to compare their cases</source>
        <translation>双击某次运行进行评审；选择两次运行以比较其用例</translation>
    </message>
    <message>
        <source>Diff kernel.py of the two selected versions</source>
        <translation type="vanished">比较所选两个版本的 kernel.py</translation>
    </message>
    <message>
        <source>V0 is the baseline; `kwb measure` records each edited kernel.py as the next version</source>
        <translation type="vanished">V0 为基线；`kwb measure` 将每次修改后的 kernel.py 记录为下一个版本</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="199"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="200"/>
        <source>Compare the cases of the two selected runs</source>
        <translation>比较所选两次运行的用例</translation>
    </message>
    <message>
        <source>Diff kernel.py</source>
        <translation type="vanished">对比 kernel.py</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="229"/>
        <source>Diff versions</source>
        <translation>比较版本差异</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="231"/>
        <source>Every file the two selected versions&apos; commits differ in (kernel.py, the harness, the reference, the records): a list, then each file&apos;s diff, read-only</source>
        <translation>所选两个版本的提交之间有差异的每个文件（kernel.py、测试框架、参考实现、记录）：先列出文件，再逐个显示差异，只读</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="239"/>
        <source>V0 is the baseline; Run &gt; Measure Again (F5), or `kwb measure`, records kernel.py as edited as the next version</source>
        <translation>V0 是基线；“运行 &gt; 再次测量”（F5）或 `kwb measure` 把编辑后的 kernel.py 记录为下一个版本</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="252"/>
        <location filename="../widgets/runspanel.cpp" line="350"/>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="260"/>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="339"/>
        <location filename="../widgets/runspanel.cpp" line="391"/>
        <location filename="../widgets/runspanel.cpp" line="399"/>
        <location filename="../widgets/runspanel.cpp" line="422"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="351"/>
        <source>Versions (CPU dry runs: no latency or rel_err)</source>
        <translation>版本（CPU 试运行：无延迟和 rel_err）</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="352"/>
        <source>Versions (columns with no figure hidden)</source>
        <translation>版本（已隐藏没有数值的列）</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="353"/>
        <source>`kwb versions` prints &quot;-&quot; for each: a CPU dry run measures no kernel</source>
        <translation>`kwb versions` 对这些列都打印“-”：CPU 试运行不测量内核</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="392"/>
        <source>ran</source>
        <translation>已运行</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="404"/>
        <source>Run folders: .kwb/runs/%1 → .kwb/runs/%2</source>
        <translation>运行文件夹：.kwb/runs/%1 → .kwb/runs/%2</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="407"/>
        <source>No kernel ran in %1: a CPU dry run or a skeleton checks the reference against itself, so its cases show no rel_err, no latency and no ratio.</source>
        <translation>%1中没有运行内核：CPU 试运行或骨架只是拿参考实现与自身比对，因此其用例不显示 rel_err、延迟和比值。</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="409"/>
        <source>either run</source>
        <translation>任一运行</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="414"/>
        <source>case</source>
        <translation>用例</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="414"/>
        <source>latency B/A</source>
        <translation>延迟 B/A</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="414"/>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="470"/>
        <source>%1 is not committed: there are no files of it to diff</source>
        <translation>%1 未提交：没有可比较的文件</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="481"/>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="481"/>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="483"/>
        <source>%1 → %2: %3 changed (read-only)</source>
        <translation>%1 → %2：%3有改动（只读）</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="485"/>
        <source>The two versions&apos; commits hold the same files.</source>
        <translation>两个版本的提交包含相同的文件。</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="492"/>
        <source>Not only kernel.py: %1 changed too, so %2 and %3 were checked by different code.</source>
        <translation>不只是 kernel.py：%1 也有改动，因此 %2 和 %3 是由不同的代码检查的。</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>deleted</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>type changed</source>
        <translation>类型改变</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>modified</source>
        <translation>修改</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="498"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="498"/>
        <source>Change</source>
        <translation>改动</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="505"/>
        <source>modified: only its git_commit_hash, written in the commit after %1&apos;s</source>
        <translation>已修改：仅其 git_commit_hash，写于 %1 的提交之后的那次提交</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="526"/>
        <source>… %1 more lines: git diff %2 %3 -- %4</source>
        <translation>… 另有 %1 行：git diff %2 %3 -- %4</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="542"/>
        <source>Diff %1 → %2</source>
        <translation>差异 %1 → %2</translation>
    </message>
    <message>
        <source>%1 is not committed: there is no kernel.py of it to diff</source>
        <translation type="vanished">%1 尚未提交：没有可供比较的 kernel.py</translation>
    </message>
    <message>
        <source>&lt;p&gt;kernel.py is the same in both versions.&lt;/p&gt;</source>
        <translation type="vanished">&lt;p&gt;两个版本的 kernel.py 相同。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>kernel.py %1 → %2</source>
        <translation type="vanished">kernel.py %1 → %2</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="552"/>
        <source>Compare %1 → %2</source>
        <translation>比较 %1 → %2</translation>
    </message>
</context>
<context>
    <name>kwb::SetAside</name>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="471"/>
        <source>%1 an attention technique</source>
        <translation>%1 条注意力技术</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="473"/>
        <source>%1 a decode or sequence-model technique</source>
        <translation>%1 条解码或序列模型技术</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="474"/>
        <source>%1 a GEMM or tensor-core technique</source>
        <translation>%1 条 GEMM 或张量核心技术</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="475"/>
        <source>%1 a convolution technique</source>
        <translation>%1 条卷积技术</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="476"/>
        <source>%1 a grouped-GEMM technique</source>
        <translation>%1 条分组 GEMM 技术</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="477"/>
        <source>%1 written for another GPU</source>
        <translation>%1 条针对其他 GPU 编写</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="478"/>
        <source>%1 about another op class only</source>
        <translation>%1 条只涉及其他算子类别</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="484"/>
        <source>%1 about %2</source>
        <translation>%1 条关于 %2</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="519"/>
        <source>a code-conversion guide</source>
        <translation>代码转换指南</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="521"/>
        <source>%1 %2 filed under %3 by the word(s) %4</source>
        <translation>%1 条%2（因词语 %4 被归入 %3）</translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="523"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="537"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>kwb::SpecForm</name>
    <message>
        <location filename="../widgets/specform.cpp" line="80"/>
        <source>Save spec</source>
        <translation>保存规格</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>fused ops after the primary one, comma separated</source>
        <translation>主算子之后融合的算子，逗号分隔</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="92"/>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="92"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="96"/>
        <source>rel_err = ||out.float() - ref|| / ||ref|| must stay below this (seed: 0.01 for bf16)</source>
        <translation>rel_err = ||out.float() - ref|| / ||ref|| 必须低于此值（seed：bf16 为 0.01）</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="112"/>
        <source>Store the edited spec in .kwb/spec.json; phases 2-4 use it</source>
        <translation>将编辑后的规格保存到 .kwb/spec.json；阶段 2-4 使用它</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="115"/>
        <source>Pattern:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="116"/>
        <source>Detail:</source>
        <translation>细节：</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="117"/>
        <source>Epilogue:</source>
        <translation>尾声算子：</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="118"/>
        <source>rel_err &lt;</source>
        <translation>rel_err &lt;</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="119"/>
        <source>Threshold source:</source>
        <translation>阈值来源：</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="120"/>
        <source>Accumulate in:</source>
        <translation>累加类型：</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="121"/>
        <source>FLOPs:</source>
        <translation>FLOPs：</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="123"/>
        <source>Bytes:</source>
        <translation>字节数：</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="285"/>
        <source>no spec loaded</source>
        <translation>未加载规格</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="290"/>
        <source>sizes.%1: must be a positive integer, found %2</source>
        <translation>sizes.%1：必须是正整数，实际为 %2</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="324"/>
        <source>the expression does not evaluate</source>
        <translation>表达式无法求值</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="327"/>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>No spec yet: run phase 1 (Understand).</source>
        <translation type="vanished">尚无规格：请运行阶段 1（理解）。</translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="333"/>
        <source>Valid.</source>
        <translation>有效。</translation>
    </message>
</context>
<context>
    <name>kwb::SpecTensorModel</name>
    <message>
        <location filename="../widgets/specview.cpp" line="42"/>
        <source>contiguous</source>
        <translation>连续</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="43"/>
        <source>broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="44"/>
        <source>transposed</source>
        <translation>转置</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="45"/>
        <source>strided</source>
        <translation>跨步</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="63"/>
        <source>value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="68"/>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="69"/>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="71"/>
        <source>parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="87"/>
        <source>%1 %2 (%3): shape %4, stride %5, %6, %7</source>
        <translation>%1 %2（%3）：形状 %4，步长 %5，%6，%7</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="88"/>
        <location filename="../widgets/specview.cpp" line="89"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="116"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="118"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="120"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="122"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="124"/>
        <source>Stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="126"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="128"/>
        <source>Layout / value</source>
        <translation>布局 / 值</translation>
    </message>
</context>
<context>
    <name>kwb::SpecView</name>
    <message>
        <location filename="../widgets/specview.cpp" line="225"/>
        <source>%1 anchor</source>
        <translation>%1 锚点</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="227"/>
        <source>%1 pattern</source>
        <translation>%1 模式</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="229"/>
        <source>pointwise lowering</source>
        <translation>逐元素下降（pointwise lowering）</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/specview.cpp" line="231"/>
        <source>chain of %n launch(es)</source>
        <translation>
            <numerusform>%n 次启动组成的链</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/specview.cpp" line="233"/>
        <source>chain of %n launch(es), writing input(s) %1 back</source>
        <translation>
            <numerusform>%n 次启动组成的链，并写回输入 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="245"/>
        <source>Phase 3 will write a kernel with %1 (%2).</source>
        <translation>阶段 3 将用 %1 生成内核（%2）。</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="247"/>
        <source>Phase 3 will write a SKELETON with %1 (the quality gate fails it): %2</source>
        <translation>阶段 3 将用 %1 生成骨架（质量门会判为失败）：%2</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="250"/>
        <source>Framework %1: not a built-in backend; the built-in ones would give:</source>
        <translation>框架 %1：不是内置后端；内置后端的结果如下：</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="251"/>
        <source>Code generation:</source>
        <translation>代码生成：</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="256"/>
        <source>  group %1 [%2]: covered</source>
        <translation>  分组 %1 [%2]：已覆盖</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="257"/>
        <source>  group %1 [%2]: not covered: %3</source>
        <translation>  分组 %1 [%2]：未覆盖：%3</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="263"/>
        <source>  ✓ %1: kernel (%2)</source>
        <translation>  ✓ %1：内核（%2）</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="264"/>
        <source>  ✗ %1: skeleton: %2</source>
        <translation>  ✗ %1：骨架：%2</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="276"/>
        <source>  ✗ %1: skeleton (hover for why)</source>
        <translation>  ✗ %1：骨架（悬停查看原因）</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="285"/>
        <source>%1: skeleton: %2</source>
        <translation>%1：骨架：%2</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="302"/>
        <source>No spec: phase 1 (Understand) failed. The console and the status bar give the error, and the editor marks its line; fix the problem file, then run phase 1 again.</source>
        <translation>没有规格：阶段 1（理解）失败。错误见控制台和状态栏，编辑器标出了出错的行；请修正问题文件，然后重新运行阶段 1。</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="306"/>
        <source>No spec yet: run phase 1 (Understand).</source>
        <translation>尚无规格：请运行阶段 1（理解）。</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="327"/>
        <source>%1: unknown</source>
        <translation>%1：未知</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="329"/>
        <source>%1: %2 = %3 %4</source>
        <translation>%1：%2 = %3 %4</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="336"/>
        <source>%1: %2 = %3 %4 (%5)</source>
        <translation>%1：%2 = %3 %4（%5）</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="341"/>
        <source>Pattern: %1 (%2)</source>
        <translation>模式：%1（%2）</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="342"/>
        <source>Problem: %1, dtype %2</source>
        <translation>问题：%1，dtype %2</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="347"/>
        <source>Sizes: %1</source>
        <translation>尺寸：%1</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>FLOP</source>
        <translation>FLOP</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="353"/>
        <source>Threshold: rel_err &lt; %1 (%2); accumulation %3</source>
        <translation>阈值：rel_err &lt; %1（%2）；累加类型 %3</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="363"/>
        <source>Ambiguity: </source>
        <translation>歧义：</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="363"/>
        <source>Note: </source>
        <translation>注：</translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="335"/>
        <source>%1: %2 %3 (%4); %5</source>
        <translation>%1：%2 %3（%4）；%5</translation>
    </message>
</context>
<context>
    <name>kwb::Suite</name>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="253"/>
        <source>%1 has no suite.json: not a `kwb suite` folder.</source>
        <translation>%1 中没有 suite.json：不是 `kwb suite` 文件夹。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="255"/>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="258"/>
        <source>%1 is not valid JSON.</source>
        <translation>%1 不是有效的 JSON。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="261"/>
        <source>%1 is not a suite report (schema &quot;%2&quot;, expected &quot;kwb-suite-1&quot;).</source>
        <translation>%1 不是套件报告（schema 为“%2”，应为“kwb-suite-1”）。</translation>
    </message>
</context>
<context>
    <name>kwb::SuitePanel</name>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="41"/>
        <source>Export Report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="46"/>
        <source>No suite open: File &gt; Open Suite… opens a folder written by &lt;tt&gt;kwb suite&lt;/tt&gt;.</source>
        <translation>尚未打开套件：“文件 &gt; 打开套件…”可打开由 &lt;tt&gt;kwb suite&lt;/tt&gt; 写出的文件夹。</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="48"/>
        <source>Filter problems (name, gate, bottleneck, error)</source>
        <translation>筛选问题（名称、门禁、瓶颈、错误）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="91"/>
        <source>%1 of %2 shown</source>
        <translation>显示 %1 / %2 个</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="101"/>
        <source>Write the suite report as one HTML, PDF or Markdown file (as kwb export SUITE_DIR does), with links to each problem&apos;s files</source>
        <translation>将套件报告写成一个 HTML、PDF 或 Markdown 文件（与 kwb export SUITE_DIR 相同），含指向各问题文件的链接</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="116"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="117"/>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="147"/>
        <source>Skipped %1: a subfolder with 1 problem, not searched (give it to kwb suite to run it)</source>
        <translation>已跳过 %1：含 1 个问题的子文件夹，未搜索（将其交给 kwb suite 即可运行）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="150"/>
        <source>Skipped %1: a subfolder with %2 problems, not searched (give it to kwb suite to run them)</source>
        <translation>已跳过 %1：含 %2 个问题的子文件夹，未搜索（将其交给 kwb suite 即可运行）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="144"/>
        <source>Skipped %1: it defines neither class Model nor get_inputs(), a helper, not a problem</source>
        <translation>已跳过 %1：它既未定义 class Model 也未定义 get_inputs()，是辅助文件，不是问题</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="192"/>
        <source>&lt;b&gt;1 problem&lt;/b&gt;</source>
        <translation>&lt;b&gt;1 个问题&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="192"/>
        <source>&lt;b&gt;%1 problems&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 个问题&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="208"/>
        <source>fast_1 %1%</source>
        <translation>fast_1 %1%</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="210"/>
        <source>CPU dry run: nothing measured</source>
        <translation>CPU 试运行：未做任何测量</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="212"/>
        <source>geomean %1× vs eager</source>
        <translation>几何平均 %1×（相对 eager）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="213"/>
        <source>, %1× vs torch.compile</source>
        <translation>，%1×（相对 torch.compile）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="226"/>
        <source>%1/ (a subfolder: 1 problem)</source>
        <translation>%1/（子文件夹：1 个问题）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="227"/>
        <source>%1/ (a subfolder: %2 problems)</source>
        <translation>%1/（子文件夹：%2 个问题）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="225"/>
        <source>%1 (not a problem)</source>
        <translation>%1（不是问题）</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="230"/>
        <source>%1 skipped, not run: %2</source>
        <translation>%1 项已跳过，未运行：%2</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="235"/>
        <source>policy framework</source>
        <translation>策略选定的框架</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="242"/>
        <source>No suite is open.</source>
        <translation>尚未打开套件。</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="247"/>
        <source>Give the file a .html, .pdf or .md name.</source>
        <translation>请使用 .html、.pdf 或 .md 作为文件扩展名。</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="256"/>
        <location filename="../widgets/suitepanel.cpp" line="260"/>
        <source>Export suite report</source>
        <translation>导出套件报告</translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="257"/>
        <source>PDF (*.pdf);;HTML (*.html);;Markdown (*.md)</source>
        <translation>PDF (*.pdf);;HTML (*.html);;Markdown (*.md)</translation>
    </message>
</context>
<context>
    <name>kwb::SuiteReport</name>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="326"/>
        <source>Suite report: %1 (measured on %2), %3 problem(s)</source>
        <translation>套件报告：%1（在 %2 上测量），%3 个问题</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="329"/>
        <source>Suite report: %1, %2 problem(s)</source>
        <translation>套件报告：%1，%2 个问题</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="367"/>
        <source>Suite report</source>
        <translation>套件报告</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="376"/>
        <source>CPU DRY RUN of %1 problem(s): nothing was measured (no latency, speedup or utilization)</source>
        <translation>%1 个问题的 CPU 试运行（DRY RUN）：未做任何测量（无延迟、加速比或利用率）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="380"/>
        <source>%1 of %2 problems PASS</source>
        <translation>%2 个问题中 %1 个 PASS</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="382"/>
        <source> · geomean %1x vs eager</source>
        <translation> · 几何平均 %1x（相对 eager）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="384"/>
        <source> · %1x vs torch.compile</source>
        <translation> · %1x（相对 torch.compile）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="393"/>
        <source>Target </source>
        <translation>目标 </translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="394"/>
        <source>; GPU %1; framework %2; %3 at a time</source>
        <translation>；GPU %1；框架 %2；同时运行 %3 个</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="396"/>
        <source>the seed&apos;s policy</source>
        <translation>seed 的框架策略</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="407"/>
        <source>Measured on %1, NOT the target GPU %2 (%3 problem(s)): latencies and speedups are that device&apos;s; no utilization (the ledger does not know it)</source>
        <translation>在 %1 上测量，并非目标 GPU %2（%3 个问题）：延迟和加速比属于该设备；无利用率（规格账本不认识它）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="412"/>
        <source>Measured on %1, NOT the target GPU %2 (%3 problem(s)): latencies and speedups are that device&apos;s; utilization is against %4&apos;s datasheet</source>
        <translation>在 %1 上测量，并非目标 GPU %2（%3 个问题）：延迟和加速比属于该设备；利用率按 %4 的数据手册计算</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="422"/>
        <source>suite.json written %1 (UTC)</source>
        <translation>suite.json 写于 %1（UTC）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="430"/>
        <source>%1 not run</source>
        <translation>%1 个未运行</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="431"/>
        <source>Counts: %1</source>
        <translation>计数：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="433"/>
        <source>; %1 of the PASS timed nowhere (untimed: no latency, in no geomean)</source>
        <translation>；其中 %1 个 PASS 未计时（untimed：无延迟，不计入任何几何平均）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="437"/>
        <source>; %1 taken from an earlier run (resumed)</source>
        <translation>；%1 个取自先前的运行（续跑）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="440"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="444"/>
        <source>not measured (kwb suite --compile-ref)</source>
        <translation>未测量（kwb suite --compile-ref）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="446"/>
        <source>fast_1 (correct and faster than eager, of all problems): %1; geometric-mean speedup of the correct problems over eager: %2, over torch.compile: %3</source>
        <translation>fast_1（正确且快于 eager 的问题占全部问题的比例）：%1；正确问题相对 eager 的几何平均加速比：%2，相对 torch.compile：%3</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="462"/>
        <source>GPU timing lock </source>
        <translation>GPU 计时锁 </translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="463"/>
        <source>: no two problems&apos; timed regions overlapped; their harnesses waited %1 s for it in all (at most %2 s one problem), time not counted toward any case&apos;s timeout</source>
        <translation>：任意两个问题的计时区间均未重叠；各测试框架共等待该锁 %1 s（单个问题最多 %2 s），不计入任何用例的超时</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="473"/>
        <source>Summary by level</source>
        <translation>按级别汇总</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="476"/>
        <location filename="../core/pipeline/suitereport.cpp" line="623"/>
        <source>level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="477"/>
        <source>problems</source>
        <translation>问题数</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="479"/>
        <source>not PASS</source>
        <translation>未 PASS</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="482"/>
        <source>geomean vs eager</source>
        <translation>几何平均（相对 eager）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="483"/>
        <source>geomean vs torch.compile</source>
        <translation>几何平均（相对 torch.compile）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="484"/>
        <source>below 0.5x torch.compile</source>
        <translation>低于 0.5x torch.compile</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="488"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="505"/>
        <source>problems = PASS + not PASS + DRY_RUN + not run yet: not PASS counts FAIL, TIMEOUT_FAIL, SKELETON, ERROR and DRY_RUN_TIMEOUT (a dry run out of time on the CPU, nothing checked); a CPU dry run (DRY_RUN) measured no kernel, so it is neither PASS nor not PASS. Geomeans over the PASS problems with both latencies (above 1x: faster than the reference); fast_1 counts the problems that are correct and faster than eager among all of the level&apos;s problems.</source>
        <translation>问题数 = PASS + 未通过 + DRY_RUN + 尚未运行：未通过包括 FAIL、TIMEOUT_FAIL、SKELETON、ERROR 和 DRY_RUN_TIMEOUT（在 CPU 上超时的试运行，未检查任何内容）；CPU 试运行（DRY_RUN）没有测量内核，因此既不算 PASS 也不算未通过。几何平均只计入同时具有两个延迟的 PASS 问题（大于 1x：比参考实现快）；fast_1 统计该级别所有问题中正确且快于 eager 的问题数。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="580"/>
        <source>No torch.compile figure</source>
        <translation>无 torch.compile 数据</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="582"/>
        <source>Why a problem&apos;s &quot;vs compile&quot; is &quot;–&quot;: the harness&apos;s reason, as the problem&apos;s baseline report gives it.</source>
        <translation>问题的“相对 compile”为“–”的原因：测试框架给出的原因，与该问题的基线报告相同。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="601"/>
        <source>a subfolder with %1 problem file(s): not searched; give it to kwb suite to run them</source>
        <translation>含 %1 个问题文件的子文件夹：未搜索；将其交给 kwb suite 即可运行</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="605"/>
        <source>defines neither class Model nor get_inputs(): a helper, not a problem</source>
        <translation>既未定义 class Model 也未定义 get_inputs()：是辅助文件，不是问题</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="609"/>
        <source>Skipped, not run</source>
        <translation>已跳过，未运行</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="611"/>
        <source>What the folders given to the suite held besides its problems, and why each was not run.</source>
        <translation>交给套件的文件夹中除问题之外的内容，以及每项未运行的原因。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="694"/>
        <source>dry run: nothing measured</source>
        <translation>试运行：未测量任何内容</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="711"/>
        <source>(why)</source>
        <translation>（原因）</translation>
    </message>
    <message>
        <source>problems = PASS + not PASS + DRY_RUN + not run yet: not PASS counts FAIL, TIMEOUT_FAIL, SKELETON and ERROR; a CPU dry run (DRY_RUN) measured no kernel, so it is neither PASS nor not PASS. Geomeans over the PASS problems with both latencies (above 1x: faster than the reference); fast_1 counts the problems that are correct and faster than eager among all of the level&apos;s problems.</source>
        <translation type="vanished">问题数 = PASS + 未通过 + DRY_RUN + 尚未运行：未通过包括 FAIL、TIMEOUT_FAIL、SKELETON 和 ERROR；CPU 试运行（DRY_RUN）没有测量内核，因此既不算 PASS 也不算未通过。几何平均只计入同时具有两个延迟的 PASS 问题（大于 1x：比参考实现快）；fast_1 统计该级别所有问题中正确且快于 eager 的问题数。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="631"/>
        <source>BW / compute % (copy %)</source>
        <translation>带宽 / 算力 %（拷贝 %）</translation>
    </message>
    <message>
        <source>Geomeans over the PASS problems with both latencies (above 1x: faster than the reference); fast_1 counts the problems that are correct and faster than eager among all of the level&apos;s problems.</source>
        <translation type="vanished">几何平均取自两种延迟都有的 PASS 问题（高于 1x：比参照更快）；fast_1 统计该级别全部问题中正确且快于 eager 的比例。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="517"/>
        <source>Worst problems</source>
        <translation>最差的问题</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="521"/>
        <source>None to list: a CPU dry run measures no kernel.</source>
        <translation>无可列出：CPU 试运行不测量任何内核。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="522"/>
        <source>None: no problem has a verdict yet.</source>
        <translation>无：尚无问题得出结论。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="527"/>
        <source>Every problem that did not PASS, then the slowest that did (lowest speedup over torch.compile, or over eager without it).</source>
        <translation>所有未 PASS 的问题，然后是 PASS 中最慢的几个（相对 torch.compile 的加速比最低；没有 torch.compile 数据时相对 eager）。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="540"/>
        <source>%1: %2 problem(s)</source>
        <translation>%1：%2 个问题</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="558"/>
        <source>Why not PASS</source>
        <translation>未 PASS 的原因</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="560"/>
        <source>The whole reason of every problem with one, as the suite recorded it (paths relative to the suite folder).</source>
        <translation>每个有原因的问题的完整原因，与套件记录的一致（路径相对于套件文件夹）。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="622"/>
        <source>problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="624"/>
        <source>gate</source>
        <translation>门禁</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="626"/>
        <source>max rel_err</source>
        <translation>最大 rel_err</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="627"/>
        <source>kernel µs</source>
        <translation>内核 µs</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="628"/>
        <source>vs eager</source>
        <translation>相对 eager</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="629"/>
        <source>vs compile</source>
        <translation>相对 compile</translation>
    </message>
    <message>
        <source>BW / compute %</source>
        <translation type="vanished">带宽 / 算力 %</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="632"/>
        <source>why not PASS</source>
        <translation>未 PASS 的原因</translation>
    </message>
    <message>
        <source>report</source>
        <translation type="vanished">报告</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="647"/>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="648"/>
        <source>log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="665"/>
        <source>taken from an earlier run (resumed)</source>
        <translation>取自先前的运行（续跑）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="688"/>
        <source>(whole text)</source>
        <translation>（全文）</translation>
    </message>
</context>
<context>
    <name>kwb::SuiteTableModel</name>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="114"/>
        <location filename="../widgets/suitetablemodel.cpp" line="158"/>
        <source>no torch.compile figure: %1</source>
        <translation>无 torch.compile 数据：%1</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="118"/>
        <source>bottleneck: %1</source>
        <translation>瓶颈：%1</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="120"/>
        <source>bandwidth: %1% of the copy measured in its run</source>
        <translation>带宽：其运行中实测拷贝带宽的 %1%</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="155"/>
        <source>dry run: nothing measured</source>
        <translation>试运行：未测量任何内容</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="172"/>
        <source>The problem (its logic file&apos;s name); double-click or Enter opens its workspace for review</source>
        <translation>问题（其逻辑文件名）；双击或按回车打开其工作区进行评审</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="173"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="175"/>
        <source>The quality gate of its V0 baseline</source>
        <translation>其 V0 基线的质量门禁</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="175"/>
        <source>Gate</source>
        <translation>门禁</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="177"/>
        <source>The largest relative error over all cases</source>
        <translation>所有用例中最大的相对误差</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="177"/>
        <source>max rel_err</source>
        <translation>最大 rel_err</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="179"/>
        <source>The generated kernel&apos;s latency, primary case (µs)</source>
        <translation>生成内核的延迟，主用例（µs）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="179"/>
        <source>Kernel µs</source>
        <translation>内核 µs</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="181"/>
        <source>Eager PyTorch&apos;s latency, primary case (µs)</source>
        <translation>Eager PyTorch 的延迟，主用例（µs）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="181"/>
        <source>Eager µs</source>
        <translation>Eager µs</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="183"/>
        <source>Speedup over eager PyTorch (eager µs / kernel µs; above 1 is faster)</source>
        <translation>相对 eager PyTorch 的加速比（eager µs / 内核 µs；大于 1 即更快）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="183"/>
        <source>vs eager</source>
        <translation>对比 eager</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="185"/>
        <source>torch.compile&apos;s latency, primary case (µs)</source>
        <translation>torch.compile 的延迟，主用例（µs）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="185"/>
        <source>compile µs</source>
        <translation>compile µs</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="187"/>
        <source>Speedup over torch.compile (compile µs / kernel µs; above 1 is faster)</source>
        <translation>相对 torch.compile 的加速比（compile µs / 内核 µs；大于 1 即更快）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="187"/>
        <source>vs compile</source>
        <translation>对比 compile</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="189"/>
        <source>Share of the GPU&apos;s datasheet memory bandwidth reached (%)</source>
        <translation>达到的 GPU 规格表显存带宽占比（%）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="189"/>
        <source>BW %</source>
        <translation>带宽 %</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="191"/>
        <source>Share of the GPU&apos;s datasheet compute peak reached (%)</source>
        <translation>达到的 GPU 规格表算力峰值占比（%）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="191"/>
        <source>Compute %</source>
        <translation>算力 %</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="193"/>
        <source>Why the problem did not PASS (the row&apos;s tooltip and the Report tab give the whole text)</source>
        <translation>问题未 PASS 的原因（该行的提示与“报告”标签页给出全文）</translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="194"/>
        <source>Why not PASS</source>
        <translation>未 PASS 的原因</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="335"/>
        <source>Error in phase %1 (%2)</source>
        <translation>阶段 %1（%2）出错</translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="339"/>
        <source>Error (no verdict)</source>
        <translation>错误（无结论）</translation>
    </message>
</context>
<context>
    <name>kwb::TargetChooser</name>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="39"/>
        <source>This machine (%1)</source>
        <translation>本机（%1）</translation>
    </message>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="51"/>
        <source>%1 (required):</source>
        <translation>%1（必填）：</translation>
    </message>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="51"/>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="57"/>
        <source>The target as kwb --target takes it; composed from the fields above, or typed</source>
        <translation>即 kwb --target 所接受的目标：由上方各字段组合而成，也可直接输入</translation>
    </message>
</context>
<context>
    <name>kwb::TargetScheme</name>
    <message>
        <location filename="../core/run/target.cpp" line="61"/>
        <source>this machine (the default)</source>
        <translation>本机（默认）</translation>
    </message>
    <message>
        <location filename="../core/run/target.cpp" line="71"/>
        <source>through a command on this machine, e.g. command:srun --gres=gpu:1 (the workspace is not copied)</source>
        <translation>通过本机上的一条命令运行，例如 command:srun --gres=gpu:1（不复制工作区）</translation>
    </message>
    <message>
        <location filename="../core/run/target.cpp" line="74"/>
        <source>Command prefix</source>
        <translation>命令前缀</translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="383"/>
        <source>on a host through OpenSSH and your ssh config (aliases, keys, ProxyJump); the workspace
is copied to remote-dir/&lt;workspace&gt; (default ~/kwb-workspaces; /~/dir is home-relative)
and new files come back; python defaults to python3 on the host</source>
        <translation>通过 OpenSSH 和你的 ssh 配置（别名、密钥、ProxyJump）在远程主机上运行；工作区
复制到 remote-dir/&lt;workspace&gt;（默认 ~/kwb-workspaces；/~/dir 相对于主目录），
新文件会被取回；python 默认为该主机上的 python3</translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="388"/>
        <location filename="../core/run/slurmtarget.cpp" line="345"/>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="389"/>
        <source>Host (or ssh config alias)</source>
        <translation>主机（或 ssh 配置别名）</translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="391"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="393"/>
        <source>Remote folder</source>
        <translation>远程目录</translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="395"/>
        <source>Remote Python</source>
        <translation>远程 Python</translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="300"/>
        <source>one batch job per run through this machine&apos;s sbatch (e.g. slurm://gpu?gres=gpu:1&amp;time=00:10:00);
output followed live, cancel is scancel; the workspace must be on a file system the nodes see</source>
        <translation>每次运行通过本机的 sbatch 提交一个批处理作业（例如 slurm://gpu?gres=gpu:1&amp;time=00:10:00）；
实时跟踪输出，取消即 scancel；工作区必须位于计算节点可见的文件系统上</translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="304"/>
        <location filename="../core/run/slurmtarget.cpp" line="348"/>
        <source>Partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="306"/>
        <location filename="../core/run/slurmtarget.cpp" line="350"/>
        <source>sbatch options</source>
        <translation>sbatch 选项</translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="340"/>
        <source>the same through a login node over ssh; the workspace is copied to ?dir=FOLDER there (default
~/kwb-workspaces; it must be visible to the compute nodes); ?python=PATH on the nodes (default python3)</source>
        <translation>同上，但经 ssh 通过登录节点提交；工作区复制到该节点的 ?dir=FOLDER（默认
~/kwb-workspaces；计算节点必须可见）；?python=PATH 指定节点上的 Python（默认 python3）</translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="346"/>
        <source>Login node</source>
        <translation>登录节点</translation>
    </message>
</context>
<context>
    <name>kwb::Verdict</name>
    <message>
        <location filename="../core/review/verdict.cpp" line="51"/>
        <source>Not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="53"/>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="55"/>
        <source>PASS</source>
        <translation>通过（PASS）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="57"/>
        <source>FAIL</source>
        <translation>失败（FAIL）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="59"/>
        <source>TIMEOUT_FAIL</source>
        <translation>超时失败（TIMEOUT_FAIL）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="61"/>
        <source>Skeleton: kernel not implemented</source>
        <translation>骨架：内核未实现</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="63"/>
        <source>Dry run: not measured</source>
        <translation>试运行：未测量</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="65"/>
        <source>Dry run incomplete: out of time on this CPU</source>
        <translation>试运行未完成：在本 CPU 上超时</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="67"/>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="69"/>
        <source>Harness error</source>
        <translation>测试框架错误</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="77"/>
        <source>not measured: no kernel ran (a CPU dry run runs the PyTorch reference in kernel.py&apos;s place, checked against its own float32 run)</source>
        <translation>未测量：没有运行内核（CPU 试运行以 PyTorch 参考实现代替 kernel.py 运行，并与参考实现自身的 float32 运行结果比对）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="71"/>
        <source>Incomplete: the run was interrupted</source>
        <translation>未完成：运行被中断</translation>
    </message>
</context>
<context>
    <name>kwb::VerdictBadge</name>
    <message>
        <location filename="../widgets/verdictbadge.cpp" line="50"/>
        <location filename="../widgets/verdictbadge.cpp" line="60"/>
        <source>Quality gate: %1</source>
        <translation>质量门禁：%1</translation>
    </message>
</context>
<context>
    <name>kwb::VerdictCode</name>
    <message>
        <location filename="../core/review/verdict.cpp" line="87"/>
        <source>NOT_RUN</source>
        <translation>未运行（NOT_RUN）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="89"/>
        <source>RUNNING</source>
        <translation>运行中（RUNNING）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="91"/>
        <source>PASS</source>
        <translation>通过（PASS）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="93"/>
        <source>FAIL</source>
        <translation>失败（FAIL）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="95"/>
        <source>TIMEOUT_FAIL</source>
        <translation>超时失败（TIMEOUT_FAIL）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="97"/>
        <source>SKELETON</source>
        <translation>骨架（SKELETON）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="99"/>
        <source>DRY_RUN</source>
        <translation>试运行（DRY_RUN）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="101"/>
        <source>DRY_RUN_TIMEOUT</source>
        <translation>试运行超时（DRY_RUN_TIMEOUT）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="103"/>
        <source>STOPPED</source>
        <translation>已停止（STOPPED）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="105"/>
        <source>ERROR</source>
        <translation>错误（ERROR）</translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="107"/>
        <source>INCOMPLETE</source>
        <translation>未完成（INCOMPLETE）</translation>
    </message>
</context>
<context>
    <name>kwb::VersionsModel</name>
    <message>
        <source>rel_err: not measured (a CPU dry run checks the reference against itself)</source>
        <translation type="vanished">rel_err：未测量（CPU 试运行只将参考实现与自身比较）</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="123"/>
        <source>quality gate: %1</source>
        <translation>质量门禁：%1</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="127"/>
        <source>rel_err: %1</source>
        <translation>rel_err：%1</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="130"/>
        <source>%1 µs against %2</source>
        <translation>相对 %2 %1 µs</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="144"/>
        <location filename="../widgets/runspanel.cpp" line="146"/>
        <location filename="../widgets/runspanel.cpp" line="149"/>
        <location filename="../widgets/runspanel.cpp" line="152"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="154"/>
        <source>not committed</source>
        <translation>未提交</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="164"/>
        <source>dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="165"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="166"/>
        <source>dry run: out of time</source>
        <translation>试运行：超时</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="167"/>
        <source>skeleton</source>
        <translation>骨架</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="173"/>
        <source>Speedup vs the previous version: its latency over this one&apos;s (&gt; 1: faster)</source>
        <translation>相对上一版本的加速比：上一版本的延迟除以本版本的延迟（&gt; 1：更快）</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="177"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="179"/>
        <source>Gate</source>
        <translation>质量门禁</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="181"/>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="183"/>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Speedup vs previous</source>
        <translation type="vanished">相对上一版本加速比</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="185"/>
        <source>rel_err</source>
        <translation>rel_err</translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="187"/>
        <source>Commit</source>
        <translation>提交</translation>
    </message>
</context>
<context>
    <name>kwb::WizardPanel</name>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="39"/>
        <source>Understand</source>
        <translation>理解</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="41"/>
        <source>Learn</source>
        <translation>学习</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="43"/>
        <source>Implement</source>
        <translation>实现</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="45"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="57"/>
        <source>CPU dry run</source>
        <translation>CPU 试运行</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="71"/>
        <source>File &gt; Open a PyTorch logic file</source>
        <translation>文件 &gt; 打开一个 PyTorch 逻辑文件</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="78"/>
        <source>Target GPU: a spec-ledger id or alias, looked up exactly (never another GPU&apos;s numbers)</source>
        <translation>目标 GPU：规格台账 ID 或别名，精确查找（绝不使用其他 GPU 的数据）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="84"/>
        <location filename="../widgets/wizardpanel.cpp" line="268"/>
        <source>Policy default (Hopper → CuteDSL, CDNA3/CDNA4 → FlyDSL)</source>
        <translation>策略默认（Hopper → CuteDSL，CDNA3/CDNA4 → FlyDSL）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="85"/>
        <source>CuteDSL</source>
        <translation>CuteDSL</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="86"/>
        <source>FlyDSL</source>
        <translation>FlyDSL</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="87"/>
        <source>Triton (outside the seed&apos;s policy)</source>
        <translation>Triton（不在 seed 策略范围内）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="90"/>
        <location filename="../widgets/wizardpanel.cpp" line="282"/>
        <source>./kernel_opt_&lt;name&gt;</source>
        <translation>./kernel_opt_&lt;name&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="92"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="93"/>
        <source>Choose the workspace folder</source>
        <translation>选择工作区文件夹</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="95"/>
        <source>Workspace folder</source>
        <translation>工作区文件夹</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="106"/>
        <source>Run the PyTorch reference on the CPU at reduced shapes: checks the flow, never a kernel measurement</source>
        <translation>在 CPU 上以缩小的形状运行 PyTorch 参考实现：仅检查流程，绝不作为内核测量</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="109"/>
        <source>Logic file:</source>
        <translation>逻辑文件：</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="110"/>
        <source>GPU:</source>
        <translation>GPU：</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="111"/>
        <source>Framework:</source>
        <translation>框架：</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="112"/>
        <source>Workspace:</source>
        <translation>工作区：</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="114"/>
        <source>Run on:</source>
        <translation>运行于：</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="125"/>
        <location filename="../widgets/wizardpanel.cpp" line="446"/>
        <location filename="../widgets/wizardpanel.cpp" line="489"/>
        <source>Not run yet. The records consulted appear in the Knowledge panel.</source>
        <translation>尚未运行。查阅过的记录会显示在知识面板中。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="133"/>
        <location filename="../widgets/wizardpanel.cpp" line="346"/>
        <location filename="../widgets/wizardpanel.cpp" line="490"/>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="153"/>
        <source>Spec</source>
        <translation>规格</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="154"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="156"/>
        <source>Probe the logic file on meta tensors: compute pattern, tensors, FLOPs and bytes, accuracy.</source>
        <translation>用 meta 张量探查逻辑文件：计算模式、张量、FLOPs 与字节数、精度。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="158"/>
        <source>Query the enabled knowledge tools for the exact GPU, framework and operator; write plans/v0_plan.md.</source>
        <translation>针对确切的 GPU、框架和算子查询已启用的知识工具；写入 plans/v0_plan.md。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="162"/>
        <source>Generate reference.py, kernel.py and test_kernel.py. Edit them in the editor before measuring if you like.</source>
        <translation>生成 reference.py、kernel.py 和 test_kernel.py。如有需要，可在测量前于编辑器中修改它们。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="165"/>
        <source>One full-workload V0 measurement, then the report, memory/v0.json and the commit.</source>
        <translation>进行一次完整负载的 V0 测量，然后生成报告、memory/v0.json 并提交。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="170"/>
        <source>Show Phase %1: %2</source>
        <translation>显示第 %1 阶段：%2</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="222"/>
        <location filename="../widgets/wizardpanel.cpp" line="535"/>
        <source>Run V0 measurement</source>
        <translation>运行 V0 测量</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="222"/>
        <source>Run %1</source>
        <translation>运行%1阶段</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="269"/>
        <source>Policy default: %1</source>
        <translation>策略默认：%1</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="283"/>
        <source>kernel_opt_&lt;name&gt;</source>
        <translation>kernel_opt_&lt;name&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="294"/>
        <source>Empty: a new folder kernel_opt_&lt;name&gt; in %1</source>
        <translation>留空：在 %1 中新建文件夹 kernel_opt_&lt;name&gt;</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="315"/>
        <source>%1 %2. %3 (%4)</source>
        <translation>%1 %2. %3（%4）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="321"/>
        <source>%1 %2. %3 (recorded)</source>
        <translation>%1 %2. %3（已记录）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="326"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="333"/>
        <source>%1 kernel</source>
        <translation>%1 内核</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="333"/>
        <source>%1 SKELETON</source>
        <translation>%1 骨架（SKELETON）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="362"/>
        <source>Review of %1, %2 (nothing re-run)%3:</source>
        <translation>审阅 %1，%2（未重新运行）%3：</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="365"/>
        <source>, no run: kernel.py is a skeleton</source>
        <translation>，未运行：kernel.py 是骨架</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="380"/>
        <source>  run: %1 (not in this copy: run folders are not committed; the report is the record)</source>
        <translation>  运行：%1（不在这份副本中：运行文件夹不会提交；报告就是记录）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="383"/>
        <source>  rel_err: %1</source>
        <translation>  rel_err：%1</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="387"/>
        <source>Measure Again records kernel.py as V%1 (V0 is kept); running phases 1-4 again replaces V0.</source>
        <translation>“再次测量”把 kernel.py 记录为 V%1（V0 保留）；重新运行阶段 1–4 会替换 V0。</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/wizardpanel.cpp" line="408"/>
        <source>Recorded in this workspace (nothing re-run): %n knowledge record(s) kept</source>
        <translation>
            <numerusform>本工作区已记录（未重新运行）：保留了 %n 条知识记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/wizardpanel.cpp" line="411"/>
        <source>; %n set aside as not applying</source>
        <translation>
            <numerusform>；%n 条因不适用而搁置</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="412"/>
        <source>Plan: %1</source>
        <translation>计划：%1</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="441"/>
        <source>Show phase %1&apos;s results (nothing runs again). Alt+%1; Ctrl+%1 runs it again.</source>
        <translation>显示第 %1 阶段的结果（不会重新运行）。Alt+%1；Ctrl+%1 重新运行。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="442"/>
        <source>Show phase %1&apos;s page and its Run button. Alt+%1; Ctrl+%1 runs it.</source>
        <translation>显示第 %1 阶段的页面及其运行按钮。Alt+%1；Ctrl+%1 运行它。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="461"/>
        <source>Runs once phase %1 has run in this window (the phases run in order; a reviewed workspace&apos;s recorded phases are shown, not run again)</source>
        <translation>在本窗口中运行阶段 %1 之后才可运行（各阶段按顺序运行；审阅的工作区只显示已记录的阶段，不会重新运行）</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="465"/>
        <source>Runs phase 1 again. Phases 1-4 run again end in a new V0: V0 is replaced (its commit stays in git). Measure Again keeps V0 and records kernel.py as V%1.</source>
        <translation>重新运行阶段 1。重新运行阶段 1–4 会得到新的 V0：V0 被替换（其提交仍保留在 git 中）。“再次测量”保留 V0，并把 kernel.py 记录为 V%1。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="469"/>
        <source>Measure the regenerated kernel as a new V0: V0 is replaced (its commit stays in git). Measure Again keeps V0 and records kernel.py as V%1.</source>
        <translation>将重新生成的内核测量为新的 V0：V0 被替换（其提交仍保留在 git 中）。“再次测量”保留 V0，并把 kernel.py 记录为 V%1。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="564"/>
        <source>⚠ %1 will write a SKELETON for this problem, which the quality gate fails (%2). %3 gives a kernel.</source>
        <translation>⚠ %1 将为此问题生成骨架，质量门会判为失败（%2）。%3 可生成内核。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="566"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="574"/>
        <source>Use %1</source>
        <translation>使用 %1</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="575"/>
        <source>Set Framework to %1 and run phase 1 again (seconds)</source>
        <translation>将框架设为 %1 并重新运行阶段 1（数秒）</translation>
    </message>
    <message>
        <source>  rel_err: not measured (a dry run checks the reference against itself)</source>
        <translation type="vanished">  rel_err：未测量（试运行只将参考实现与自身比较）</translation>
    </message>
    <message>
        <source>Measure Again records kernel.py as V%1 (V0 stays); phases 1-4 regenerate V0.</source>
        <translation type="vanished">“再次测量”把 kernel.py 记录为 V%1（V0 保留）；阶段 1–4 会重新生成 V0。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="389"/>
        <source>Run the phases to measure it.</source>
        <translation>运行各阶段以进行测量。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="535"/>
        <source>Measure V0 anew</source>
        <translation>重新测量 V0</translation>
    </message>
    <message>
        <source>After phases 1-3 ran again here: measure the regenerated kernel as a new V0, replacing the recorded one. Measure Again keeps V0 and records kernel.py as V%1.</source>
        <translation type="vanished">在此重新运行阶段 1–3 之后：把重新生成的内核作为新的 V0 测量，替换已记录的 V0。“再次测量”保留 V0，并把 kernel.py 记录为 V%1。</translation>
    </message>
    <message>
        <source>Review of %1 (nothing re-run)%2:</source>
        <translation type="vanished">%1 的评审（未重新运行）%2：</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="366"/>
        <source>, CPU dry run: not a measurement</source>
        <translation>，CPU 试运行：不是测量结果</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="368"/>
        <source>  why: %1</source>
        <translation>  原因：%1</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="369"/>
        <source>  max rel_err: %1</source>
        <translation>  最大 rel_err：%1</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="370"/>
        <source>  latency: %1 µs</source>
        <translation>  延迟：%1 µs</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="371"/>
        <source>  bandwidth: %1 GB/s</source>
        <translation>  带宽：%1 GB/s</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="372"/>
        <source>  compute: %1 TFLOPS</source>
        <translation>  算力：%1 TFLOPS</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="374"/>
        <source>  run: %1%2</source>
        <translation>  运行：%1%2</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="378"/>
        <source> (not the recorded run)</source>
        <translation>（不是记录的运行）</translation>
    </message>
    <message>
        <source>Run the phases to measure again.</source>
        <translation type="vanished">运行各阶段以重新测量。</translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="377"/>
        <source> (interrupted: no result.json)</source>
        <translation>（已中断：没有 result.json）</translation>
    </message>
</context>
<context>
    <name>kwb::WorkbenchSession</name>
    <message>
        <location filename="../core/pipeline/session.cpp" line="194"/>
        <source>Measuring: the run console shows each case as it finishes.</source>
        <translation>测量中：运行控制台会在每个用例完成时显示其结果。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="233"/>
        <source>Understand</source>
        <translation>理解</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="235"/>
        <source>Learn</source>
        <translation>学习</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="237"/>
        <source>Implement</source>
        <translation>实现</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="239"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="257"/>
        <source>Phase %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="260"/>
        <source>Phase %1 (%2) is still running.</source>
        <translation>阶段 %1（%2）仍在运行。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="263"/>
        <source>No logic file</source>
        <translation>没有逻辑文件</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="263"/>
        <source>Open a PyTorch logic file first (File &gt; Open).</source>
        <translation>请先打开一个 PyTorch 逻辑文件（文件 &gt; 打开）。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="265"/>
        <source>There is no phase %1: the phases are 1 to 4.</source>
        <translation>没有阶段 %1：阶段为 1 到 4。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="267"/>
        <source>No GPU chosen</source>
        <translation>未选择 GPU</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="268"/>
        <source>Pick the target GPU in the GPU box first (a spec-ledger id such as H200-SXM or MI300X); phase 1 looks its specs up in the ledger, also for a CPU dry run.</source>
        <translation>请先在 GPU 框中选择目标 GPU（规格账本中的 id，如 H200-SXM 或 MI300X）；阶段 1 会在账本中查找其规格，CPU 试运行也一样。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="273"/>
        <source>Run phase %1 (%2) first.</source>
        <translation>请先运行阶段 %1（%2）。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="277"/>
        <source>Settings changed</source>
        <translation>设置已更改</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="278"/>
        <source>GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again.</source>
        <translation>GPU、框架、工作区或 CPU 试运行设置在阶段 1 之后已更改：请重新运行阶段 1（理解）。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="285"/>
        <location filename="../core/pipeline/session.cpp" line="300"/>
        <source>Phase %1 is running; wait for it to finish.</source>
        <translation>阶段 %1 正在运行；请等待其完成。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="286"/>
        <location filename="../core/pipeline/session.cpp" line="291"/>
        <location filename="../core/pipeline/session.cpp" line="298"/>
        <source>Run phase 4 (Measure) first.</source>
        <translation>请先运行阶段 4（测量）。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="289"/>
        <source>The run was stopped: it is not recorded, and the workspace&apos;s report and memory stay as they were. Run phase 4 again.</source>
        <translation>运行已停止：不会记录，工作区的报告和记忆保持原样。请重新运行阶段 4。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="404"/>
        <source>Harness: %1 on the CPU (%2), not measured; rel_err %3</source>
        <translation>测试框架：CPU 上 %1（%2），未测量；rel_err %3</translation>
    </message>
    <message>
        <source>The run was stopped: nothing of it is recorded. Run phase 4 again.</source>
        <translation type="vanished">运行已停止：不会记录任何内容。请重新运行阶段 4。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="307"/>
        <source>The quality gate is %1: the seed commits V0 only after the gate passes.</source>
        <translation>质量门禁为 %1：seed 流程仅在门禁通过后提交 V0。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="320"/>
        <source>Done: baseline_report.md and the memory record written; committed %1: %2</source>
        <translation>完成：已写入 baseline_report.md 和记忆记录；已提交 %1：%2</translation>
    </message>
    <message>
        <source>Harness: %1 case(s) checked on the CPU (%2), not measured; rel_err %3</source>
        <translation type="vanished">测试框架：已在 CPU 上检查 %1 个用例（%2），未测量；rel_err %3</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="408"/>
        <source>Harness: %1 (%2), %3 case(s); rel_err %4</source>
        <translation>测试框架：%1（%2），%3 个用例；rel_err %4</translation>
    </message>
    <message>
        <source>Committed %1: %2</source>
        <translation type="vanished">已提交 %1：%2</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="66"/>
        <source>Phase %1 is still running.</source>
        <translation>阶段 %1 仍在运行。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="80"/>
        <source>Measuring V%1 (kernel.py as it is on disk): the run console shows each case as it finishes.</source>
        <translation>正在测量 V%1（磁盘上的 kernel.py）：运行控制台逐个显示已完成的用例。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="172"/>
        <source>Done: baseline_report.md and the memory record written; V0 is not committed (quality gate %1).</source>
        <translation>完成：已写入 baseline_report.md 和记忆记录；V0 未提交（质量门 %1）。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="175"/>
        <source>Done: baseline_report.md and the memory record written; V0 is not committed (quality gate %1); the generated files are committed as %2, a base for your edits.</source>
        <translation>完成：已写入 baseline_report.md 和记忆记录；V0 未提交（质量门 %1）；生成的文件已提交为 %2，作为你修改的基线。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="302"/>
        <source>The run was stopped: it has no verdict to commit. Run phase 4 again.</source>
        <translation>运行已停止：没有可提交的结论。请重新运行阶段 4。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="304"/>
        <source>This run is committed already (%1): run phase 4 again, or Measure Again after an edit.</source>
        <translation>此次运行已提交（%1）：请重新运行阶段 4，或在编辑后再次测量。</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/pipeline/session.cpp" line="342"/>
        <source>%n record(s) consulted</source>
        <translation>
            <numerusform>已查阅 %n 条记录</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="343"/>
        <source> from %1</source>
        <translation>，来自 %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/pipeline/session.cpp" line="346"/>
        <source>%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.</source>
        <translation>
            <numerusform>%n 个后备样例：并非此问题的匹配项；请查看知识面板。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/pipeline/session.cpp" line="348"/>
        <source>%n record(s) set aside: they do not apply to this problem (dtype or operator); the plan says why.</source>
        <translation>
            <numerusform>%n 条记录被搁置：它们不适用于此问题（数据类型或算子）；计划中说明了原因。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="351"/>
        <source>Plan: %1</source>
        <translation>计划：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="394"/>
        <source>Quality gate: %1</source>
        <translation>质量门禁：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="395"/>
        <source>  why: %1</source>
        <translation>  原因：%1</translation>
    </message>
    <message>
        <source>Harness: %1 (%2), %3 case(s); rel_err not measured (the reference against itself)</source>
        <translation type="vanished">测试框架：%1（%2），%3 个用例；rel_err 未测量（参考实现与自身比较）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="412"/>
        <source>Harness: %1 (%2), %3 case(s); max rel_err %4</source>
        <translation>测试框架：%1（%2），%3 个用例；最大 rel_err %4</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="418"/>
        <source>kernel latency: not measured (dry run); primary case %1</source>
        <translation>内核延迟：未测量（试运行）；主用例 %1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="420"/>
        <source>latency_us %1 (reference %2), primary case %3</source>
        <translation>latency_us %1（参考 %2），主用例 %3</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="428"/>
        <source>timed case: %1 (%2)</source>
        <translation>计时用例：%1（%2）</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="430"/>
        <source>untimed: nothing was timed (%1), so this PASS has no latency</source>
        <translation>untimed：未计时任何用例（%1），因此此 PASS 没有延迟</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="434"/>
        <source>CPU dry run: %1</source>
        <translation>CPU 试运行：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="434"/>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="438"/>
        <source>Log: %1</source>
        <translation>日志：%1</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="312"/>
        <source>Stopped: nothing is recorded; the workspace&apos;s records are unchanged.</source>
        <translation>已停止：不记录任何内容；工作区的记录保持不变。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="319"/>
        <location filename="../core/pipeline/session.cpp" line="441"/>
        <source>Next: Report, Memory, Commit.</source>
        <translation>下一步：报告、记忆、提交。</translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="167"/>
        <location filename="../core/pipeline/session.cpp" line="442"/>
        <source>Next: Report and Memory record this failing run; Commit needs a passing gate.</source>
        <translation>下一步：报告和记忆会记录这次失败的运行；提交需要门禁通过。</translation>
    </message>
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>QPlatformTheme</name>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="20"/>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="20"/>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="21"/>
        <source>Save All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="21"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="22"/>
        <source>&amp;Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="22"/>
        <source>Yes to &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="23"/>
        <source>&amp;No</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="23"/>
        <source>N&amp;o to All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="24"/>
        <source>Abort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="24"/>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="25"/>
        <source>Ignore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="25"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="26"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="26"/>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="27"/>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="27"/>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="28"/>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/appenvironment.cpp" line="28"/>
        <source>Restore Defaults</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb</name>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1070"/>
        <source>Cannot draw the roofline figure: no QApplication (run with QT_QPA_PLATFORM=offscreen).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1073"/>
        <source>Cannot draw the roofline figure: the size %1 × %2 is not positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1078"/>
        <source>Cannot draw the roofline figure: peak TFLOPS or bandwidth is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1086"/>
        <source>Cannot draw the roofline figure: rendering gave an empty image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="152"/>
        <source>Cannot write a PDF: no QGuiApplication.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="155"/>
        <location filename="../widgets/rooflineplot.cpp" line="1089"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="160"/>
        <source>Kernel Workbench review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="191"/>
        <source>Writing %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="1091"/>
        <source>Writing the PNG %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::BaselineJob</name>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="113"/>
        <source>error: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="145"/>
        <source>Understand the PyTorch semantics: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="147"/>
        <source>%1 is a folder, not a Python file with the PyTorch logic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="161"/>
        <source>target %1 (%2) → framework %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="170"/>
        <source>&quot;%1&quot; is %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="184"/>
        <source>workspace %1 holds versions up to V%2 (recorded by `kwb measure`): --force would measure today&apos;s kernel.py again as V0, the baseline they are compared with. Record a new version with `kwb measure %1`, or regenerate into a new --workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="194"/>
        <source>stopped in phase 1 (Understand) before the probe ran; nothing was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="199"/>
        <source>probed with %1 in the suite&apos;s batch (meta tensors: no real inputs allocated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="202"/>
        <source>probing with %1 (meta tensors: no real inputs allocated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="212"/>
        <source>probe: still running after %1 s (limit %2 s); it is stopped at the limit (KWB_PROBE_TIMEOUT_S sets it; --case-timeout bounds the harness&apos;s cases, not the probe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="217"/>
        <source>probe: still running after %1 s (limit %2 s), in %3; it is stopped at the limit (KWB_PROBE_TIMEOUT_S sets it; --case-timeout bounds the harness&apos;s cases, not the probe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="226"/>
        <source>stopped in phase 1 (Understand): %1; nothing was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="229"/>
        <source>the probe failed on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="270"/>
        <source>workspace %1 holds problem %2, not %3: pass another --workspace (nothing was changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="292"/>
        <source>pattern %1; FLOPs %2; bytes %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="298"/>
        <source>ambiguous: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="300"/>
        <source>spec written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="335"/>
        <source>the problem cannot fit on %1: the model&apos;s parameters and buffers alone are %2 GB and, with its inputs and outputs, %3 GB, %4x the %5 GB of memory. Nothing was generated or run (a CPU dry run included). Make the model&apos;s sizes (get_init_inputs()) smaller, or pass --allow-oversize to go on anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="347"/>
        <source>the problem cannot fit on %1: its inputs and outputs alone are %2 GB, %3x the %4 GB of memory (kwb&apos;s estimate with the harness&apos;s copies: %5 GB). Nothing was generated or run (a CPU dry run included). Make the shapes in get_inputs() smaller, or pass --allow-oversize to go on anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="407"/>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="431"/>
        <source>. Its last run was stopped before a verdict. To run it again: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="432"/>
        <source>. To run it again: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="434"/>
        <source> (or `kwb measure %1` to measure its kernel.py as a new version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="488"/>
        <source>the problem changed since your edited %2 was generated: it was made for another version of %1, and as is it would be this problem&apos;s V0. Nothing was changed. Run again with --stale-edits backup to keep yours as %2.edited-&lt;time&gt; and generate %2 afresh for this problem, or with --stale-edits keep to keep yours as made for this problem (this run&apos;s generated one is then written beside it as %2.generated: compare them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="496"/>
        <source>the problem changed since your edited %2 were generated: they were made for another version of %1, and as is they would be this problem&apos;s V0. Nothing was changed. Run again with --stale-edits backup to keep yours as &lt;file&gt;.edited-&lt;time&gt; and generate them afresh for this problem, or with --stale-edits keep to keep yours as made for this problem (this run&apos;s generated ones are then written beside them as &lt;file&gt;.generated: compare them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="574"/>
        <source>%1 is not a folder (a kwb workspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="576"/>
        <source>%1 is not a kwb workspace (no .kwb/manifest.json): run `kwb baseline` first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="582"/>
        <source>%1 is missing: a later version is measured against a V0 (run `kwb baseline` first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="591"/>
        <source>%1 is masked: no V0 to measure against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="612"/>
        <source>%1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="614"/>
        <source>%1 is damaged (not a JSON object)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="616"/>
        <source>%1 is not a problem spec kwb wrote: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="621"/>
        <source>%1 names no workbench.gpu / workbench.framework: it was not written by `kwb baseline`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="644"/>
        <source>V0 was stopped before a verdict: run `%1` first (it measures V0 again); `kwb measure` records a later version against a V0 with a verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="646"/>
        <source>V0 has no verdict (no run was recorded): run `%1` first (it measures V0 again); `kwb measure` records a later version against a V0 with a verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="663"/>
        <source>%1 has no kernel.py or test_kernel.py to measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="665"/>
        <source>%1 has no %2 to measure (run phase 3 again, or restore it from the workspace&apos;s git history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="686"/>
        <source>stopped before the measurement started; nothing was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="704"/>
        <source>kernel.py is unchanged since V%1; edit it or pass --again to measure the same kernel again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="710"/>
        <source>V%1 of %2: kernel.py%3 on %4 (%5), against %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="712"/>
        <source> (your edit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="716"/>
        <source>warning: a stopped run has no verdict and no figures (%1, not committed): V%2 is compared with %3, the latest version that finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="724"/>
        <source>warning: V%1 runs against your edited %2 (changed since the last commit), not only your kernel.py: the verdict is theirs too; %3 committed with V%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="727"/>
        <source>it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="727"/>
        <source>they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="735"/>
        <location filename="../core/pipeline/baselinejob.cpp" line="867"/>
        <source>run phase 1 first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="736"/>
        <source>stopped before phase 2 (Learn) started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="747"/>
        <source>note: %1 will write a skeleton for this problem (the gate fails it); %2 has a kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="752"/>
        <source>Query the enabled knowledge tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="777"/>
        <source>stopped in phase 2 (Learn) while %1 was queried; the plan was not written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="793"/>
        <source>%1: the gpu-wiki store has no sheet of its own for %2 (a %3 product; the architecture&apos;s sheet is not substituted); the roofline&apos;s peaks and bandwidth come from the spec ledger&apos;s %4 entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="804"/>
        <source>%1: %2 (a missing fact; the whole reason is in plans/v0_plan.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="812"/>
        <source>%1: %2 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="814"/>
        <source>%1: %2 records, %3 kept; %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="836"/>
        <source>kept your edited plans/v0_plan.md</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="846"/>
        <source>run phase 1 first: there is no workspace yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="861"/>
        <source>used %1 (%2): added to plans/v0_plan.md</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="868"/>
        <source>stopped before phase 3 (Implement) started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="870"/>
        <source>Generate kernel.py (%1), reference.py, test_kernel.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="872"/>
        <source>no code generator for framework &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="876"/>
        <source>%1 has no template for this problem yet: %2 — writing a skeleton marked unimplemented</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="903"/>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="951"/>
        <source>the probe named %1 as a module of the problem&apos;s folder: not a path below it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="954"/>
        <source>%1 imports its own %2, and the workspace has a file of that name (%2 is one of the workspace&apos;s own files): rename the module beside the problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="959"/>
        <source>%1 imports %2 from its folder, which cannot be read now: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="980"/>
        <source>your edited %1 was generated for another version of the problem: kept as %2, and %1 is generated afresh (--stale-edits backup)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1001"/>
        <source>warning: your edited %1 was generated for another version of %2 and is kept as made for this one (--stale-edits keep); compare it with %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1016"/>
        <source>warning: your kernel.py does not import %1, but this run&apos;s framework is %2: the gate checks it as %2 (the %2 kernel is in %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1024"/>
        <source>wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1142"/>
        <source>stopped before phase 4 (Measure) started: nothing was run or recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1147"/>
        <source>run phase 3 first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1164"/>
        <source>kernel.py is a skeleton (no kernel), so the harness was not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1166"/>
        <source>V%1 measurement not run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1216"/>
        <source>V%5 measurement%1%2: %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1217"/>
        <source> (CPU DRY RUN: the reference on the CPU at reduced shapes where the inputs can be resized, not a kernel measurement)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1220"/>
        <source> on target %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1265"/>
        <source>nothing was measured: %1. No record was written; run the same command again when the target can be reached (the run log: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1267"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1287"/>
        <source>DRY_RUN, no verdict on kernel.py (the harness ran with the PyTorch reference in kernel.py&apos;s place on the CPU; kernel.py was not run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1289"/>
        <source>run finished: %1 (exit %2, %3 ms); log %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1304"/>
        <source>run error: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1307"/>
        <source>harness error: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1361"/>
        <source>no run to record yet (phase 4 first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1371"/>
        <source>device: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1382"/>
        <source>no workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1385"/>
        <source>quality gate is %1: the seed commits V%2 only after the gate passes (the report and %3 are written and kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1387"/>
        <source>not evaluated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1469"/>
        <source>committed %1: the generated files, a base for your edits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1486"/>
        <source>nothing changed since %1: no new commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1493"/>
        <source>committed %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1549"/>
        <source>V0&apos;s files could not be committed before V%1&apos;s: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1550"/>
        <source>committed %1: %2 (V0 was recorded with --no-commit; its files go in before V%3&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1554"/>
        <source>committed %1: V0&apos;s files without its kernel.py, a base for V%2 (V0 was recorded with --no-commit, and the kernel.py it measured cannot be found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1608"/>
        <source>note: the generated files were not committed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1608"/>
        <source>nothing to commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1612"/>
        <source>committed %1: the generated files, a base for your edits (V0 is not committed: its quality gate is %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1640"/>
        <source>the generated base commit holds this run&apos;s generated %1; your edits stay in the working tree (git diff shows them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1664"/>
        <source>the run was stopped: the passing %1 and %2 are kept unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1682"/>
        <source>quality gate %1: see %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1688"/>
        <source>the run was stopped before a verdict (STOPPED); its log is kept in %1. To run it again: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1695"/>
        <source>; kernel.py is a skeleton (no kernel): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1165"/>
        <location filename="../core/pipeline/baselinejob.cpp" line="1696"/>
        <source>see plans/v0_plan.md</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="111"/>
        <source>stopped: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="240"/>
        <source>no CUDA device on this machine; use --cpu-dry-run or a remote target (the probe under %1 found no GPU: torch without CUDA, no /dev/nvidia*, or CUDA_VISIBLE_DEVICES hides them; in the workbench: CPU dry run, or another target)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="994"/>
        <source>kept your edited %1 (not regenerated); this run&apos;s generated one is %2 (committed with V0, to compare with)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1296"/>
        <source>note: a wrong kernel.py passes a dry run too; its numbers can be checked on the CPU under the Triton emulation (README, &quot;checked for numbers on the CPU&quot;), from the root of a Kernel Workbench source tree (reference.py is the workspace&apos;s copy of the problem): /usr/bin/python3 tests/python/chain_emulate.py %1 %2 --spec %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1700"/>
        <source>dry run incomplete (DRY_RUN_TIMEOUT): nothing was judged, kernel.py was not run; the PyTorch reference ran out of the case timeout (%1 s) on this CPU before problem_shape completed (a slow CPU, or a hang in the model code). Run it again with a larger --case-timeout SEC (a level-3 model may need 120 or more on a small machine); see %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1707"/>
        <source>; a CPU dry run on a slow or busy CPU can exceed the per-case timeout (%1 s): --case-timeout SEC raises it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1036"/>
        <source>removed %1, left by an earlier run: %2 is the generated one now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1038"/>
        <source>note: %1, left by an earlier run, could not be removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1207"/>
        <location filename="../core/pipeline/baselinejob.cpp" line="1212"/>
        <source>note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1571"/>
        <source>note: %1 does not name its commit %2 (%3); `kwb versions` finds it through git</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/baselinejob.cpp" line="1588"/>
        <source>%1 names its commit %2 (git_commit_hash), written in the next commit %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CaseStatus</name>
    <message>
        <location filename="../core/review/verdict.cpp" line="122"/>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="123"/>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="124"/>
        <source>TIMEOUT_FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="125"/>
        <source>ERROR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="126"/>
        <source>STOPPED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="127"/>
        <source>RUNNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="128"/>
        <source>SKIPPED</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CaseTableModel</name>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="158"/>
        <source>the quality gate failed, and not for a case (every case ran): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="162"/>
        <source>quality gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="192"/>
        <source>no reason given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="196"/>
        <source>skipped when the harness planned the cases (not run, not checked): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="202"/>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="238"/>
        <source>input %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="239"/>
        <source>dtype %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="242"/>
        <source>shape %1, dtype %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="243"/>
        <source>threshold rel_err &lt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="246"/>
        <source>reference vs itself: kernel.py is a skeleton, no kernel of ours ran in this case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="249"/>
        <source>ran (harness only): the harness ran the case, kernel.py did not; rel_err %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="251"/>
        <source>no kernel ran; the reference&apos;s stand-in took %1 µs on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="264"/>
        <source>ref. vs itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="266"/>
        <source>ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="319"/>
        <source>ran (harness only): the case ran in a CPU dry run, kernel.py did not; rel_err %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="321"/>
        <source>The case&apos;s status from the harness (PASS, FAIL, TIMEOUT_FAIL, ERROR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="323"/>
        <source>kernel µs: none in a CPU dry run, no kernel ran (each case&apos;s tooltip has the reference&apos;s stand-in time on the CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="325"/>
        <source>latency_us: the kernel&apos;s latency in µs, as timed by the harness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="327"/>
        <source>reference µs (CPU): the PyTorch reference timed on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="328"/>
        <source>ref latency_us: the PyTorch reference&apos;s latency in µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="336"/>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="338"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="340"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="342"/>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="344"/>
        <source>rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="346"/>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="348"/>
        <source>ref µs (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="348"/>
        <source>ref µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="350"/>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CodeEditor</name>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="168"/>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="190"/>
        <source>This editor has no file to save to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="195"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="200"/>
        <source>Saving %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CuteStageLabel</name>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="385"/>
        <location filename="../core/codegen/cutechain.cpp" line="386"/>
        <location filename="../core/codegen/cutechain.cpp" line="387"/>
        <source>GEMM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="388"/>
        <location filename="../core/codegen/cutechain.cpp" line="427"/>
        <source>pointwise with broadcast tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="389"/>
        <source>sum / mean / prod / amax / amin / logsumexp reductions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="390"/>
        <location filename="../core/codegen/cutechain.cpp" line="391"/>
        <source>var / std</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="392"/>
        <location filename="../core/codegen/cutechain.cpp" line="393"/>
        <source>several reductions of the same rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="394"/>
        <source>softmax / log-softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="395"/>
        <location filename="../core/codegen/cutechain.cpp" line="396"/>
        <location filename="../core/codegen/cutechain.cpp" line="397"/>
        <source>group / layer / batch norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="398"/>
        <source>max / avg pooling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="399"/>
        <source>adaptive pooling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="400"/>
        <source>convolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="401"/>
        <source>attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="402"/>
        <source>masked softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="403"/>
        <source>recurrent layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="404"/>
        <source>p-norms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="405"/>
        <location filename="../core/codegen/cutechain.cpp" line="406"/>
        <location filename="../core/codegen/cutechain.cpp" line="438"/>
        <source>cumulative scans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="407"/>
        <location filename="../core/codegen/cutechain.cpp" line="408"/>
        <location filename="../core/codegen/cutechain.cpp" line="409"/>
        <source>fill / arange / tril / triu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="410"/>
        <location filename="../core/codegen/cutechain.cpp" line="411"/>
        <location filename="../core/codegen/cutechain.cpp" line="412"/>
        <location filename="../core/codegen/cutechain.cpp" line="413"/>
        <location filename="../core/codegen/cutechain.cpp" line="414"/>
        <source>embedding / index / gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="415"/>
        <source>embedding bags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="416"/>
        <location filename="../core/codegen/cutechain.cpp" line="417"/>
        <location filename="../core/codegen/cutechain.cpp" line="418"/>
        <location filename="../core/codegen/cutechain.cpp" line="419"/>
        <source>topk / sort / kthvalue / max along a dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="420"/>
        <location filename="../core/codegen/cutechain.cpp" line="421"/>
        <location filename="../core/codegen/cutechain.cpp" line="422"/>
        <location filename="../core/codegen/cutechain.cpp" line="423"/>
        <location filename="../core/codegen/cutechain.cpp" line="424"/>
        <source>pad / flip / roll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="425"/>
        <location filename="../core/codegen/cutechain.cpp" line="426"/>
        <location filename="../core/codegen/cutechain.cpp" line="428"/>
        <source>concatenation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="429"/>
        <source>upsampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="430"/>
        <source>nll / cross-entropy losses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="431"/>
        <location filename="../core/codegen/cutechain.cpp" line="432"/>
        <source>unfold / fold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="433"/>
        <source>copying reshapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="434"/>
        <location filename="../core/codegen/cutechain.cpp" line="435"/>
        <location filename="../core/codegen/cutechain.cpp" line="436"/>
        <location filename="../core/codegen/cutechain.cpp" line="437"/>
        <source>scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="439"/>
        <source>in-place input writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/codegen/cutechain.cpp" line="440"/>
        <location filename="../core/codegen/cutechain.cpp" line="441"/>
        <source>affine grid / grid sample</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::DisplayText</name>
    <message>
        <location filename="../core/review/displaytext.cpp" line="71"/>
        <source>not evaluated: CPU dry run (the harness ran the PyTorch reference on the CPU at reduced shapes; kernel.py was checked statically, not run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="77"/>
        <source>reference too slow on this CPU: %1 of %2 case(s) (%3) ran out of the per-case time, so the harness did not check them (--case-timeout SEC raises it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="87"/>
        <source>not runnable on this CPU&apos;s torch: %1 of %2 case(s) (%3): the PyTorch reference raises in that dtype on the CPU, so the harness skipped them (a GPU run checks them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="96"/>
        <source>dry run: not runnable on this CPU&apos;s torch %1: the PyTorch reference (the kernel&apos;s stand-in) raises in %2 here (%3) although it runs in float32 on the same inputs; kernel.py was not run, and a GPU run checks this case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="126"/>
        <source>case exceeded TEST_TIMEOUT_SEC=%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="131"/>
        <source>watchdog: no CASE_RESULT within %1 s (TEST_TIMEOUT_SEC=%2 + %3 s grace); process group %4 killed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="136"/>
        <source>%1: rel_err %2 &gt;= threshold %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="142"/>
        <source>dispatch check: ModelNew.forward ran PyTorch compute op(s) %1; the kernel must compute through its framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="146"/>
        <source>the run was stopped by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="147"/>
        <source>the harness printed no RESULT_JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="159"/>
        <source>kernel.py is a skeleton marked unimplemented</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="158"/>
        <source>kernel.py is a skeleton marked unimplemented (the harness was not run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="111"/>
        <source>no input size is free to resize: each is tied to a parameter or the module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="113"/>
        <source>the free size(s) %1 kept: below TILE=%2 or already not a multiple of it, and the other sizes are tied to a parameter, the module or another input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="116"/>
        <source>no tail tested: its shapes are problem_shape&apos;s (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="117"/>
        <source>no size-1 dim tested: its shapes are problem_shape&apos;s (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="123"/>
        <source>untimed: nothing was timed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="155"/>
        <source>kernel.py is a skeleton marked unimplemented (the harness was not run): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="156"/>
        <source>kernel.py is a skeleton marked unimplemented: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="162"/>
        <location filename="../core/review/displaytext.cpp" line="838"/>
        <source>no case ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="168"/>
        <source>harness output error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="169"/>
        <source>harness error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="170"/>
        <source>run error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="171"/>
        <source>framework conformance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="172"/>
        <source>%1: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="185"/>
        <source>no kernel: kernel.py is a skeleton marked unimplemented (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="187"/>
        <source>quality gate %1: %2 (see %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="191"/>
        <source>%1 has no template for this problem: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="198"/>
        <source>%1 with alpha or beta other than 1 has no chain stage yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="200"/>
        <source>%1 with a dtype= argument has no chain stage yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="202"/>
        <source>%1: this view (%2) has no chain stage yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="203"/>
        <source>%1 has no chain stage yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="219"/>
        <source>finished: ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="221"/>
        <source>finished: status %1 (exit code %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="222"/>
        <source>finished: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="231"/>
        <source>preparing target %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="232"/>
        <source>resuming with --skip %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="273"/>
        <source>ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="277"/>
        <source>%1 %2  %3  shape %4  %5  rel_err %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="281"/>
        <source>  %1 (ref %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="284"/>
        <source>  first call %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="310"/>
        <source>■ harness result (CPU dry run): %1 of %2 case(s) ran the PyTorch reference on the CPU, %3 skipped (not runnable on this CPU&apos;s torch); no kernel ran, nothing was measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="315"/>
        <source>■ harness result (CPU dry run): %1 case(s) ran the PyTorch reference on the CPU; no kernel ran, nothing was measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="319"/>
        <source>■ harness result %1 (%2): %3 case(s), max rel_err %4, latency %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="376"/>
        <source>cpu-dry-run: the &apos;kernel&apos; is the PyTorch reference Model itself, run on the CPU at the problem&apos;s own shapes: no input dim can be scaled down (every size is tied to the model: a parameter shape or a constructor argument); these numbers check the harness and the problem files, they are not a kernel measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="382"/>
        <source>cpu-dry-run: the &apos;kernel&apos; is the PyTorch reference Model itself, run on the CPU at scaled-down shapes; these numbers check the harness and the problem files, they are not a kernel measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="386"/>
        <source>cpu-test (KWB_HARNESS_DEVICE=cpu, test-only): kernel.py ran on the CPU; timings are CPU wall clock, not a GPU measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="393"/>
        <source>CPU dry run: no kernel measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="394"/>
        <source>no measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="395"/>
        <source>skeleton: no kernel ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="412"/>
        <source>quality gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="413"/>
        <source>quality gate: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="414"/>
        <source>wrote %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="420"/>
        <source>%1 and %2 are unchanged (this run&apos;s records, apart from the date): not rewritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="423"/>
        <source>wrote %1; %2 is unchanged: not rewritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="425"/>
        <source>%1 µs, %2 GB/s (%3% of datasheet bandwidth), %4 TFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="428"/>
        <source>%1 had been changed since kwb wrote it (an edit or `kwb memory update`): that version is kept as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="431"/>
        <source>%1 had been edited since kwb wrote it: your version is kept as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="434"/>
        <source>roofline data not kept: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="435"/>
        <source>roofline figure not drawn: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="436"/>
        <source>utilization not computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="462"/>
        <source>seed default: gpu-kernel-baseline Phase 3 &apos;The default BF16 threshold is rel_err &lt; 0.01&apos;, rel_err = ||out.float() - ref|| / ||ref||</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="466"/>
        <source>seed&apos;s bf16 value kept for fp16: fp16 has 3 more mantissa bits (u = 2^-11 vs bf16&apos;s 2^-8), so a correct fp16 kernel lands well below it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="470"/>
        <source>seed default kept for fp32: a baseline kernel may compute on TF32 or bf16 tensor cores (u = 2^-11 / 2^-8), which a tight fp32 bound (1e-5) would reject; tighten it per task when the kernel computes in full fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="475"/>
        <source>fp64 reference and kernel (u = 2^-53): 1e-6 leaves room for reordered sums over millions of terms while still catching a dropped term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="479"/>
        <source>seed: &apos;lower precision formats may use task-specific relaxed thresholds&apos;; e4m3 has 3 mantissa bits (u = 2^-4 = 0.0625)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="482"/>
        <source>seed: relaxed for low precision; e5m2 has 2 mantissa bits (u = 2^-3 = 0.125)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="494"/>
        <source>sizes %1 share the value %2: dims are named by where they came from, else left as literals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="497"/>
        <source>forward writes %1 %2 in place (%3, line %4): the reference mutates state; a kernel must reproduce or the harness must reset it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="502"/>
        <source>the model is in training mode (the reference never calls eval()): BatchNorm normalises with batch statistics and updates its running stats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="510"/>
        <source>resize check: %1; sizes in forward() are bound to input dims by value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="511"/>
        <source>forward() failed at the resized sizes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="515"/>
        <source>broadcast in %1: operands %2 -&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="517"/>
        <source>mask in %1 (line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="530"/>
        <source>resize check: size %1 kept: forward() unpacks a dim of that size into %2 names %3, so it is a fixed width, not a size; the checks keep it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="536"/>
        <source>; forward() reads the size globals %1 (read them from the inputs&apos; shapes to let the checks resize them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="546"/>
        <source>forward reads a tensor value (.item()/bool()/int() on a tensor): the result is data-dependent; the probe continued with the placeholder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="550"/>
        <source>forward uses %1: the output is random; the reference comparison must fix the seed or run the model in eval()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="561"/>
        <source>%1</source>
        <comment>a probe or planner text kept in English (tool output)</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="605"/>
        <source>bool() of a tensor, e.g. a while/if on a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="606"/>
        <source>float() of a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="607"/>
        <source>int() of a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="608"/>
        <source>.item()/bool()/int() on a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="609"/>
        <source>%1() on a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="613"/>
        <source>forward reads a tensor value to decide what it computes (line %1: %2); the probe traced one placeholder path, so a kernel planned from that trace would hard-code it: write the data-dependent control flow by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="621"/>
        <source>forward returns a Python number read from a tensor (line %1: %2), not a tensor: the generated kernels return tensors; return the tensor itself (drop that read) and the harness compares its value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="649"/>
        <source>the %1 rendering of chains is not written yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="688"/>
        <source>the CuTe DSL renders a chain in which every launch has a CuTe DSL stage (%1), and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="689"/>
        <source>, </source>
        <comment>between the CuTe DSL stages a skeleton reason lists</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="704"/>
        <source>its rendering of chains of several launches is not written yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="706"/>
        <source>its GEMM takes no prologue (the pointwise run on A before it) yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="708"/>
        <source>its rendering of a chain of one %1 launch is not written yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="710"/>
        <source>its forward() also calls %1 (a training-mode branch), which has no CuTe DSL stage yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="713"/>
        <source>this plan has %1 epilogues (a training-mode branch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="832"/>
        <source>%1 ran (harness only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="833"/>
        <source>%1 vacuous (nothing to compare)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="837"/>
        <source>%1 skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="853"/>
        <source>V0 was stopped before a verdict: Measure Again records a later version against a V0 with a verdict, so it is off until V0 is measured again (run phases 1-4 again, or `kwb baseline … --force`).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="858"/>
        <source>V0 has no verdict (no run was recorded): Measure Again records a later version against a V0 with a verdict, so it is off until V0 is measured (run phases 1-4 again, or `kwb baseline … --force`).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="678"/>
        <location filename="../core/review/displaytext.cpp" line="715"/>
        <source>its epilogue (%1) does not lower in the CuTe DSL dialect: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="717"/>
        <source>the CuTe DSL renders a chain of one GEMM with a fused pointwise epilogue, and %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="676"/>
        <source>%1 has no CuTe DSL stage yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="666"/>
        <source>a convolution launch (conv_forward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="224"/>
        <source>harness process %1 (test_kernel.py) exited with code %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="226"/>
        <source>harness process %1 (test_kernel.py) ended by a signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="228"/>
        <source>harness process %1 on %2 in %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="668"/>
        <source>a kwb_softmax launch of torch&apos;s _safe_softmax (safe_rows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="670"/>
        <source>a %1 launch with %2=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="671"/>
        <source>a %1 launch with a prologue on A (%2=)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="673"/>
        <source>a %1 launch of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="675"/>
        <source>a %1 launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="681"/>
        <source>its epilogue %1 has no CuTe DSL form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="724"/>
        <source>Kernel Workbench plans this problem as a chain of 1 launch (%1); %2: --framework triton renders it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="727"/>
        <source>Kernel Workbench plans this problem as a chain of %1 launches (%2); %3: --framework triton renders it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="739"/>
        <source>no spec sheet for product &apos;%1&apos; (as &apos;%2&apos;) in the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="785"/>
        <source>device-to-device copy measured by test_kernel.py in this run: %1 TB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="792"/>
        <source>%1 measured (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="793"/>
        <source>%1 measured (%2; %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="794"/>
        <source> — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="846"/>
        <source>no version recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="848"/>
        <source>V%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="255"/>
        <source>case %1/%2 </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="256"/>
        <source>▶ %1%2  shape %3  %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="268"/>
        <source>%1 %2  %3  shape %4  %5  (CPU dry run: the PyTorch reference ran in kernel.py&apos;s place; nothing measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/review/displaytext.cpp" line="326"/>
        <source>☰ %n case(s) planned</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="333"/>
        <source>‖ waiting for the GPU timing lock: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="337"/>
        <source>» GPU timing lock held after %1 s: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="338"/>
        <source>GPU timing lock released: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="342"/>
        <source>‖ %1: first kernel call (JIT compile), up to %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="344"/>
        <source>» %1: first kernel call took %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="347"/>
        <source>⚠ unreadable %1 line: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="355"/>
        <source>… %1 bytes of output (%2 lines) dropped here: the log and this view keep the first %3 and the last %4 bytes, and every protocol line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="266"/>
        <source>%1 %2  %3  shape %4  %5  (CPU dry run: the PyTorch reference, in kernel.py&apos;s place, did not return; nothing measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="299"/>
        <source>■ harness result (CPU dry run): no case completed: %1 of %2 case(s) did not return within the case timeout; no kernel ran, nothing was measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="304"/>
        <source>■ harness result (CPU dry run): %1 of %2 case(s) ran the PyTorch reference on the CPU, %3 did not return within the case timeout; no kernel ran, nothing was measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="575"/>
        <source>input %1 is an %2 tensor compared exactly, which this DSL&apos;s lowering reads as fp32 (the Triton chain compares it in integers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="579"/>
        <source>input %1 is an %2 tensor in integer arithmetic (%3, node %4, computes %5), which this DSL&apos;s lowering computes in fp32 only (the Triton chain computes it exactly, wrapping as torch&apos;s %5 does)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::EditorTabs</name>
    <message>
        <location filename="../widgets/editortabs.cpp" line="26"/>
        <source>File changed on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="27"/>
        <source>%1 changed on disk since this tab loaded it (another program wrote it: kwb measure, git, another editor).

Overwrite it with your version, or reload it and lose your edits?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="31"/>
        <source>Overwrite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="32"/>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="75"/>
        <source>Not saved: %1 changed on disk since this tab loaded it; your edits are still in the tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="135"/>
        <source>The current tab is not an editable file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="204"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="204"/>
        <source>%1 has unsaved changes. Save them before closing?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="210"/>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ExprText</name>
    <message>
        <location filename="../core/records/exprtext.cpp" line="118"/>
        <source>valid at these sizes only (no formula: a size is folded into a coefficient)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/records/exprtext.cpp" line="120"/>
        <source>valid at these sizes only (no formula: not checked at other sizes)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::KnowledgeModel</name>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="72"/>
        <source>Record id: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="73"/>
        <source>Constraint: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="40"/>
        <location filename="../widgets/knowledgemodel.cpp" line="74"/>
        <source>FALLBACK SAMPLE: not a match for this problem or hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="46"/>
        <source>Constraint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="103"/>
        <source>FALLBACK (not a match)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="103"/>
        <source>match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="42"/>
        <location filename="../widgets/knowledgemodel.cpp" line="114"/>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="41"/>
        <location filename="../widgets/knowledgemodel.cpp" line="116"/>
        <source>Record id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="118"/>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="42"/>
        <location filename="../widgets/knowledgemodel.cpp" line="120"/>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="42"/>
        <location filename="../widgets/knowledgemodel.cpp" line="122"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="124"/>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::LedgerText</name>
    <message>
        <location filename="../core/review/displaytext.cpp" line="747"/>
        <source>device-to-device copy of 1 GiB: ~0.505 ms, counting read + write bytes; CV &lt;= 0.1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="749"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md); 88% of the 4.8 TB/s datasheet figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="752"/>
        <source>copy ceiling measured in the same run as KernelBench 19_ReLU (events with a 256 MB L2 flush, median of 20)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="755"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="756"/>
        <source>bf16 GEMM through torch, 8192x8192x8192</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="757"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md): ~770-800 TFLOP/s (value is the low end); dense datasheet 989</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="760"/>
        <source>bf16 GEMM through torch, 4096x4096x4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/displaytext.cpp" line="761"/>
        <source>measured on one such machine, per GPU.md (shared/docs/GPU.md): ~714-750 TFLOP/s (value is the low end)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="316"/>
        <location filename="../widgets/mainwindow.cpp" line="321"/>
        <source>Spec not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="317"/>
        <source>Phase %1 is running; save the spec when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="321"/>
        <source>run phase 1 first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="330"/>
        <source>Spec saved to %1/.kwb/spec.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="334"/>
        <location filename="../widgets/mainwindow.cpp" line="1232"/>
        <location filename="../widgets/mainwindow.cpp" line="1246"/>
        <location filename="../widgets/mainwindow.cpp" line="1255"/>
        <location filename="../widgets/mainwindow.cpp" line="1552"/>
        <source>Cannot open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="360"/>
        <source>Stopping the measurement…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="366"/>
        <source>GPU spec ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="367"/>
        <source>Open a PyTorch logic file (File &gt; Open) to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="378"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="379"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="381"/>
        <source>Open PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="382"/>
        <source>Python files (*.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="387"/>
        <source>Open &amp;Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="388"/>
        <source>Open workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="399"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="401"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="404"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="406"/>
        <location filename="../widgets/mainwindow.cpp" line="412"/>
        <location filename="../widgets/mainwindow.cpp" line="1534"/>
        <location filename="../widgets/mainwindow.cpp" line="1924"/>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="410"/>
        <source>Save &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="416"/>
        <source>&amp;Export Review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="423"/>
        <source>Export review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="424"/>
        <source>HTML (*.html);;PDF (*.pdf);;Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="428"/>
        <location filename="../widgets/mainwindow.cpp" line="1495"/>
        <location filename="../widgets/mainwindow.cpp" line="1501"/>
        <location filename="../widgets/mainwindow.cpp" line="1505"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="428"/>
        <source>Give the file a .html, .pdf or .md name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="431"/>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="436"/>
        <source>One self-contained file (HTML, PDF or Markdown) with the verdict, the report and the roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="438"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="442"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="444"/>
        <source>&amp;%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="454"/>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="463"/>
        <source>Measure kernel.py as it is on disk as the workspace&apos;s next version (V1, V2, ...), write its report and memory record and commit it, as `kwb measure` does. V0 is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="468"/>
        <source>&amp;Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="472"/>
        <source>Write baseline_report.md, memory/v0.json and the roofline figure, and preview the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="473"/>
        <source>&amp;Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="476"/>
        <source>Open memory/v0.json (written with the report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="477"/>
        <source>&amp;Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="480"/>
        <source>Commit &quot;V0: baseline kernel&quot; (only after the quality gate passes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="484"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="496"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="497"/>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="499"/>
        <source>&amp;Dark Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="510"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="511"/>
        <source>&amp;About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="513"/>
        <source>About Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="514"/>
        <source>Kernel Workbench %1
PyTorch logic to a correct, measured and committed V0 GPU kernel baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="556"/>
        <source>Wizard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="729"/>
        <source>Knowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="726"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="746"/>
        <source>Plugins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="721"/>
        <source>Run console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="215"/>
        <source>Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1071"/>
        <source>Kernel Workbench[*]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1071"/>
        <source>%1[*] — Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1082"/>
        <source>none for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1083"/>
        <source>%1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1207"/>
        <source>Phase %1 is running; open %2 when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1226"/>
        <location filename="../widgets/mainwindow.cpp" line="1352"/>
        <source>Cannot open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1227"/>
        <source>%1 has no reference.py: not a kernel_opt_&lt;name&gt; workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1232"/>
        <source>%1 is not a Python (.py) logic file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1206"/>
        <location filename="../widgets/mainwindow.cpp" line="1237"/>
        <location filename="../widgets/mainwindow.cpp" line="1241"/>
        <source>Cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1237"/>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1241"/>
        <source>A measurement is running: stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1320"/>
        <source>Opened %1: run phase 1 (Understand)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1526"/>
        <location filename="../widgets/mainwindow.cpp" line="1915"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1527"/>
        <source>These files have unsaved changes; the run reads what is on disk:
%1

Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1548"/>
        <source>%1 changed on disk; your unsaved edits in its tab are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="392"/>
        <source>Open S&amp;uite…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="282"/>
        <source>Recorded V%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="282"/>
        <source>V%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="345"/>
        <source>%1 changed on disk: reloaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="346"/>
        <source>%1 changed on disk; your unsaved edits are kept, and saving will ask before overwriting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="353"/>
        <source>Stopping after the running phase…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="360"/>
        <source>Stopping phase %1 (%2)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="394"/>
        <source>Open suite folder (with suite.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="398"/>
        <source>A folder written by kwb suite: every problem in a sortable table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="448"/>
        <source>Run &amp;All Phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="452"/>
        <source>Phases 1-4, the report and memory record, and the commit when the quality gate allows it, as `kwb baseline` does; Stop ends it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="459"/>
        <source>Measure &amp;Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="680"/>
        <source>No knowledge records to show. Phase 2 (Learn) lists here the records it consulted for the GPU, framework and operator; a reviewed workspace, those its memory record names. Select a record to read it whole.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="706"/>
        <source>Copy Record Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="755"/>
        <source>Compare runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="755"/>
        <source>One of the runs has no recorded cases (no result.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="759"/>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="778"/>
        <source>%n record(s) kept for this problem</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="780"/>
        <source>; %n set aside as not applying to it (%1)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="784"/>
        <source>set aside: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="785"/>
        <source>The plan (plans/v0_plan.md) lists each one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="872"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="878"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="881"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="885"/>
        <source>Cu&amp;t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="886"/>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="887"/>
        <source>&amp;Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="888"/>
        <source>Select &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="891"/>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="894"/>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="894"/>
        <source>Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="896"/>
        <source>&quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="900"/>
        <source>Find &amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="901"/>
        <source>No further match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="905"/>
        <source>R&amp;eplace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="908"/>
        <location filename="../widgets/mainwindow.cpp" line="910"/>
        <source>Replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="908"/>
        <source>Replace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="910"/>
        <source>Replace &quot;%1&quot; with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="913"/>
        <source>%n replacement(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="917"/>
        <source>&amp;Go to Line…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="919"/>
        <source>Go to line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="919"/>
        <source>Line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="931"/>
        <source>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;&lt;p&gt;PyTorch logic to a correct, measured and committed V0 GPU kernel.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="934"/>
        <source>Open a PyTorch logic file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="935"/>
        <source>Open a workspace to review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="936"/>
        <source>Open a suite…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="937"/>
        <source>A folder written by kwb suite (with suite.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="940"/>
        <source>Open example (19_ReLU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="949"/>
        <source>Open example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="949"/>
        <source>The example 19_ReLU.py is not installed with this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="968"/>
        <source>&lt;b&gt;Recent&lt;/b&gt; (double-click; a workspace opens for review, nothing is re-run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="978"/>
        <source>suite  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="979"/>
        <source>workspace  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="980"/>
        <source>logic file  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1069"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1118"/>
        <source>Measure Again needs the workspace&apos;s V0: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1126"/>
        <source>Commit needs a passing quality gate (now %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1146"/>
        <source>No CUDA device on this machine: CPU dry run is on (the reference runs on the CPU; no kernel is measured). Uncheck it for a remote target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1153"/>
        <location filename="../widgets/mainwindow.cpp" line="1157"/>
        <location filename="../widgets/mainwindow.cpp" line="1161"/>
        <location filename="../widgets/mainwindow.cpp" line="1171"/>
        <location filename="../widgets/mainwindow.cpp" line="1183"/>
        <source>Measure Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1153"/>
        <source>Open a workspace with a recorded V0 first (File &gt; Open Workspace…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1157"/>
        <source>A phase is running; measure again when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1171"/>
        <source>kernel.py is unchanged since V%1. Measure the same kernel again?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1199"/>
        <source>Measuring V%1 of %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1246"/>
        <source>%1 cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1292"/>
        <source>The run was made from %1%2. Phase 1 here runs on the workspace&apos;s copy of it, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1294"/>
        <source> (no longer there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1300"/>
        <location filename="../widgets/mainwindow.cpp" line="1303"/>
        <source>Review: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1321"/>
        <source>Reviewing %1, nothing re-run. V0 has no verdict: phases 1-4 measure it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1322"/>
        <source>Reviewing %1, nothing re-run. Measure Again keeps V0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1330"/>
        <source>Cannot open suite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1339"/>
        <source>Suite: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1344"/>
        <source>Opened suite %1: double-click a problem (or press Enter) to review its workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1353"/>
        <source>The workspace of %1 is not on this machine: %2 does not exist. The suite may have run elsewhere, or the folder was moved or deleted; copy it next to suite.json to review it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1387"/>
        <source>%1, %2, CPU dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1388"/>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1410"/>
        <source>%1 changed on disk (kwb measure?): showing %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1456"/>
        <source>Phase 1 not run: workspace %1 was left as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1465"/>
        <source>Workspace already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1466"/>
        <source>%1 is already a Kernel Workbench workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1470"/>
        <source>Running the phases there regenerates its spec, reference.py, test_kernel.py and README.md as a new run. Files you edited (kernel.py included) are kept; new versions are written beside them as *.generated. Its report and memory/v0.json change only when you write the records (Report, Memory or Commit).

The command line asks for --force here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1474"/>
        <source>Open Its Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1475"/>
        <source>Overwrite as a New Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1476"/>
        <source>Choose Another Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1484"/>
        <source>Workspace folder (new or empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1495"/>
        <source>Write the report first (Run &gt; Report).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1501"/>
        <source>Open a workspace or finish a run first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1619"/>
        <source>Phase %1 (%2) running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1638"/>
        <source>Phase %1 (%2) stopped: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1640"/>
        <source>Phase %1 (%2) stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1646"/>
        <source>Phase %1 (%2) failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1658"/>
        <source>Understood %1: framework %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1698"/>
        <source>V%1 measurement finished: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1705"/>
        <source> — measured on %1, NOT the target %2: no utilization (the ledger does not know this device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1707"/>
        <source> — measured on %1 (%2), NOT the target %3: utilization is against %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1776"/>
        <source>%1 is unchanged: it already records this run (not rewritten)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1803"/>
        <source>Run all phases: 1. %1 … 4. %2, then the report, memory and commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1804"/>
        <source>Run all phases: phase 1 of 4 (%1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1806"/>
        <source>phase 1 did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1806"/>
        <source>see the message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1821"/>
        <source>phase %1 (%2) did not pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1825"/>
        <source>Run all phases: phase %1 of 4 (%2)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1861"/>
        <source>the records were not written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1869"/>
        <source>quality gate %1: report and memory written, nothing committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1863"/>
        <source>the commit failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1859"/>
        <source>committed %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1879"/>
        <source>Run all phases: done, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1879"/>
        <source>Run all phases ended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1125"/>
        <location filename="../widgets/mainwindow.cpp" line="1899"/>
        <source>Committed %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1685"/>
        <source>Measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1124"/>
        <source>The run was stopped: it has no verdict to commit. Run phase 4 again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1418"/>
        <location filename="../widgets/mainwindow.cpp" line="1733"/>
        <location filename="../widgets/mainwindow.cpp" line="1747"/>
        <location filename="../widgets/mainwindow.cpp" line="1767"/>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1692"/>
        <source>V%1 dry run finished: %2 on the CPU; not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1713"/>
        <source>Replace the passing record?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1714"/>
        <source>memory/v0.json and baseline_report.md record a PASSING run. This run&apos;s quality gate is %1.

Replace them with this run&apos;s records? (Only Commit keeps the passing version in git.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1718"/>
        <source>kept the passing record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1719"/>
        <source>Kept the passing record; nothing written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1767"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1770"/>
        <source>Report preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1777"/>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1787"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1816"/>
        <source>stopped in phase %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1827"/>
        <source>phase %1 (%2) did not start: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1837"/>
        <source>phase 4 (%1) did not run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1842"/>
        <source>the passing record was kept: nothing written, nothing committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1855"/>
        <source>the measurement was stopped: report and memory record it as STOPPED; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1856"/>
        <source>the measurement was stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1865"/>
        <source>quality gate %1: report and memory written; V0 is not committed, the generated files are committed as %2, a base for your edits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1889"/>
        <location filename="../widgets/mainwindow.cpp" line="1895"/>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1905"/>
        <source>Measurement running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1905"/>
        <source>A measurement is running. Stop it and quit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1915"/>
        <source>Save your changes before quitting?
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::Phase</name>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="319"/>
        <source>Understand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="321"/>
        <source>Learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="323"/>
        <source>Implement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="325"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::PluginPanel</name>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="55"/>
        <source>Prefill from spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="56"/>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="57"/>
        <source>Use this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="91"/>
        <source>Knowledge tools (checked = enabled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="129"/>
        <source>%1 — FAILED to load: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="137"/>
        <source> — disabled for this session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="200"/>
        <source>comma-separated, or a JSON array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="202"/>
        <source>JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="241"/>
        <source>No Phase 1 spec yet: run phase 1 (Understand) to prefill the query.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="249"/>
        <source>Prefilled from the spec (product, arch, framework, operator, shapes, dtypes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="271"/>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="279"/>
        <source>%1: not valid JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="297"/>
        <source>%1: expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="313"/>
        <source>%1 is disabled: enable it in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="314"/>
        <source>Choose a knowledge tool first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="328"/>
        <source>Querying %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="348"/>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/pluginpanel.cpp" line="350"/>
        <source>%n record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="362"/>
        <source>Select a result first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="368"/>
        <source>Open a problem and run phases 1 and 2 first: the record goes into plans/v0_plan.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="379"/>
        <source>Added %1 to plans/v0_plan.md, labelled as a FALLBACK sample (not a match).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="380"/>
        <source>Added %1 to plans/v0_plan.md and the memory record&apos;s references.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="402"/>
        <source>FALLBACK sample — NOT a match for this query&apos;s scope

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="403"/>
        <source>Record id: %1
Tool: %2
Scope: %3
Source: %4
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="405"/>
        <source>Constraint: %1
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ProblemSpec</name>
    <message>
        <location filename="../core/analysis/problemspec.cpp" line="355"/>
        <source>line %1: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::ReportText</name>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="20"/>
        <source>Baseline kernel path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="21"/>
        <source>Correctness test path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="22"/>
        <source>PyTorch reference logic description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="23"/>
        <source>Stable source record ids consulted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="24"/>
        <source>Baseline configuration summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="25"/>
        <source>Correctness results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="26"/>
        <source>Baseline performance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="27"/>
        <source>Plan kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="28"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="29"/>
        <source>What was and was not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="34"/>
        <source>- Date: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="35"/>
        <source>- Mode: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="36"/>
        <source>- GPU: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="37"/>
        <source>- Framework: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="38"/>
        <source>- Run folder: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="39"/>
        <source>- Command: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="40"/>
        <source>Reference: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="41"/>
        <source>- Max rel_err: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="42"/>
        <source>- Result: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="43"/>
        <source>- PyTorch reference latency: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="44"/>
        <source>- FLOPs: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="45"/>
        <source>- Compute peak source: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="46"/>
        <source>- Bandwidth peak source: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="47"/>
        <source>- Bandwidth utilization vs. measured ceiling: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="48"/>
        <source>- Timing method: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="49"/>
        <source>- Arithmetic intensity: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="50"/>
        <source>- Ridge point: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="51"/>
        <source>- Bottleneck: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="52"/>
        <source>- Not run: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="53"/>
        <source>- Warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="54"/>
        <source>- Host launch path per call: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="55"/>
        <source>- TIMEOUT_FAIL: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="56"/>
        <source>- torch.compile reference: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="57"/>
        <source>- torch.compile reference (Inductor, default mode, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="62"/>
        <source>&gt; **CPU dry run: not a kernel measurement.** No GPU was used. The figures below come from the PyTorch reference running on the CPU at reduced shapes where the inputs can be resized; the kernel was not timed, and no utilization is reported as the kernel&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="66"/>
        <source>_No correctness case was run._</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="74"/>
        <source>_CPU dry run: each case ran the PyTorch reference in kernel.py&apos;s place on the CPU at reduced shapes where the inputs can be resized (each case&apos;s shape is below) and checked it against the reference&apos;s own float32 run. &quot;ran (harness only)&quot; means the harness and the case ran; kernel.py was not run, so no rel_err and no time of it is shown. The time column is the reference on the CPU._</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="80"/>
        <source>&gt; **No run: the harness was not run.** Nothing below was measured, on a GPU or on the CPU; the FLOP and byte counts and the peaks are analytic, and the quality gate says why nothing ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="83"/>
        <source>- Intensity and ridge point are analytic (FLOP and byte expressions, datasheet peaks); nothing was run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="86"/>
        <source>- Ran no correctness case: the harness was not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="87"/>
        <source>Cases not run for this problem:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="88"/>
        <source>- Source of these figures: the PyTorch reference on the CPU, at reduced shapes where the inputs can be resized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="91"/>
        <source>- Intensity and ridge point are analytic (FLOP and byte expressions, datasheet peaks); the dry run measured no kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="94"/>
        <source>- Not run: the kernel on a GPU; no kernel latency or utilization was measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="96"/>
        <source>_None: no knowledge record was consulted._</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="97"/>
        <source>_No roofline figure was drawn._</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="98"/>
        <source>**kernel.py was edited by you and kept (not regenerated). This dry run did not run it; the configuration rows after Framework describe the kernel the workbench generated, which yours may no longer match.**</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="102"/>
        <source>**kernel.py was edited by you and kept (not regenerated): the measurement below is of your kernel, while the configuration rows after Framework describe the kernel the workbench generated, which yours may no longer match.**</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="110"/>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="111"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="112"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="113"/>
        <source>Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="114"/>
        <source>Stand-in time, CPU (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="115"/>
        <source>Reference time, CPU (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="116"/>
        <source>Latency (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="117"/>
        <source>Reference latency (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="118"/>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="119"/>
        <source>latency(us)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="120"/>
        <source>bandwidth(GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="121"/>
        <source>TFLOPS peak utilization(%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="122"/>
        <source>bandwidth peak utilization(%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="123"/>
        <location filename="../core/review/reportdisplay.cpp" line="153"/>
        <source>n/a (dry run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="67"/>
        <source>_CPU dry run: each case ran the PyTorch reference in kernel.py&apos;s place on the CPU at reduced shapes where the inputs can be resized (each case&apos;s shape is below) and checked it against the reference&apos;s own float32 run. &quot;ran (harness only)&quot; means the harness and the case ran; kernel.py was not run, so no rel_err is shown. Both time columns are the reference on the CPU._</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="124"/>
        <location filename="../core/review/reportdisplay.cpp" line="151"/>
        <source>ran (harness only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="125"/>
        <source>kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="126"/>
        <source>grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="127"/>
        <source>block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="128"/>
        <source>registers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="129"/>
        <source>shared memory (B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="130"/>
        <source>share (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="131"/>
        <source>launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="132"/>
        <source>Parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="133"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="134"/>
        <source>Framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="135"/>
        <source>latency (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="136"/>
        <source>max rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="141"/>
        <source> (full log and result.json; local to this machine, not committed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="142"/>
        <source> (the process was killed and the case recorded as failed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="143"/>
        <source>no reason given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="144"/>
        <source>; bytes moved: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="145"/>
        <source>% (ceiling: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="146"/>
        <source>, the median host time of one forward call, reported beside the latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="147"/>
        <source>; more than the latency: launch-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="148"/>
        <source> (PyTorch reference: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="149"/>
        <source>; kernel speedup over it: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="150"/>
        <source>not measured (</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="152"/>
        <source>IMPLAUSIBLE (raw </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="155"/>
        <source>DRY RUN (kernel not run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="157"/>
        <source>DRY RUN INCOMPLETE (out of time on this CPU; nothing judged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="198"/>
        <source>Triton was requested: an extra backend outside the seed&apos;s policy (the seed&apos;s policy maps %1 to %2); the seed requires a CuteDSL or FlyDSL kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="204"/>
        <source>%1 is %2; the seed&apos;s policy maps it to %3 (chosen explicitly)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="206"/>
        <source>%1 is %2; the seed&apos;s policy maps it to %3 (gpu-kernel-baseline.txt, Phase 1 step 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="241"/>
        <source>Baseline report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="243"/>
        <source>V%1 measurement report (the baseline is V0&apos;s baseline_report.md): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="249"/>
        <source>V%1: kernel.py as edited, measured again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="254"/>
        <source>on the CPU (cpu-dry-run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="255"/>
        <source>on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="256"/>
        <source>- Ran %1 correctness case(s): %2 %3, %4 FAIL, %5 TIMEOUT_FAIL, %6 other, %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="263"/>
        <source>not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="265"/>
        <source>Speedup over %1: %2%3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="268"/>
        <source> (a CPU dry run on either side measures no kernel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="272"/>
        <source>One forward call on the problem-shape inputs under torch.profiler (CUPTI kernel times, not the timed latency): %1 launch(es), %2 µs of kernel time%3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="278"/>
        <source>, by kernel name (too many launches to list one by one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="281"/>
        <source>_%1&apos;s records apply (not queried again; listed in %2):_</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="285"/>
        <source>- GPU: none, the harness was not run (ledger: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="291"/>
        <source>- GPU: %1 (ledger: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="292"/>
        <source>the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="296"/>
        <source>- Run folder: none (the harness was not run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="298"/>
        <source>_Not profiled: %1_</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="307"/>
        <source>cpu-dry-run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/reportdisplay.cpp" line="309"/>
        <source>gpu</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RooflinePlot</name>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="88"/>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="89"/>
        <source>Performance (TFLOPS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="103"/>
        <source>Drag to pan, wheel to zoom, double-click to reset; right-click to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="104"/>
        <location filename="../widgets/rooflineplot.cpp" line="141"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="178"/>
        <source>Compute roof in %1, not the data&apos;s %2: the generated kernel computes in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="179"/>
        <source>Compute roof in %1, not the data&apos;s %2: the kernel phase 3 will write computes in %1, so the roof stays when it runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="197"/>
        <source>No roofline yet: the V0 measurement has finished; press Report (%1) to write the report, which draws it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="216"/>
        <source>No roofline for %1: the spec ledger has no %1 peak for %2, so neither a compute roof nor a point can be drawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="344"/>
        <source>later versions (kwb measure)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="366"/>
        <source>%1 FLOP/byte, %2 TFLOPS
roof here: %3 TFLOPS (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="369"/>
        <source>, %1 (ledger, recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="370"/>
        <source>, %1 (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="400"/>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="402"/>
        <source>Export as PNG, SVG or PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="403"/>
        <source>Export roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="404"/>
        <source>SVG (*.svg);;PNG (*.png);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="436"/>
        <source>Cannot export the roofline as &apos;%1&apos;: use .png, .svg or .pdf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="438"/>
        <source>Writing %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="450"/>
        <source>Roofline — %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="452"/>
        <source>%1, %2: peak %3 TFLOPS, datasheet bandwidth %4 TB/s, ridge point %5 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="455"/>
        <source>No roofs: the peak or the bandwidth is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="500"/>
        <source>Memory roof: %1 TB/s (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="507"/>
        <source>Measured ceiling: %1 TB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="507"/>
        <source>Recorded ceiling (spec ledger): %1 TB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="511"/>
        <source>Compute roof: %1 TFLOPS (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="514"/>
        <source>Ridge point: %1 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="565"/>
        <source>%1 TB/s (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="567"/>
        <source>%1 TB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="580"/>
        <source>%1 TB/s (measured copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="580"/>
        <source>%1 TB/s (ledger, recorded copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="583"/>
        <source>%1 TB/s (ledger)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="583"/>
        <source>%1 TB/s (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="537"/>
        <location filename="../widgets/rooflineplot.cpp" line="620"/>
        <source>%1 %2 TFLOPS (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="200"/>
        <source>No roofline yet: its roofs and the problem&apos;s arithmetic intensity are drawn once phase 1 (Understand) has counted its FLOPs and bytes; the measured point comes with the report, after phase 4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="207"/>
        <source>Analytic intensity %1 FLOP/byte, from the spec&apos;s FLOPs and bytes (nothing measured yet): the V0 measurement has finished; press Report (%2) to write the report, which draws the measurement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="210"/>
        <source>Analytic intensity %1 FLOP/byte, from the spec&apos;s FLOPs and bytes (nothing measured yet): the measured point is drawn with the report, after the V0 measurement (phase 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="475"/>
        <source>Utilization uses the datasheet %1 TB/s (solid); the dashed %2 TB/s is the ledger&apos;s recorded copy ceiling, for comparison.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="477"/>
        <source>Utilization uses the datasheet %1 TB/s (solid); the dashed %2 TB/s is this run&apos;s measured copy ceiling, for comparison.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="539"/>
        <location filename="../widgets/rooflineplot.cpp" line="622"/>
        <source>%1 %2 TFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="592"/>
        <source>ridge %1 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="595"/>
        <source>ridge %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="617"/>
        <source>%1 roof: %2 TFLOPS (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="636"/>
        <source>V0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="637"/>
        <source>(above its roof: check the measurement)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="656"/>
        <source>analytic intensity: %1 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="666"/>
        <source>no measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="665"/>
        <source>No measured point (%1): the dotted line marks the kernel&apos;s arithmetic intensity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="668"/>
        <source>The measured point is not drawn: intensity %1 FLOP/byte and %2 TFLOPS must both be positive on log axes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="672"/>
        <source>Compute roof: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="673"/>
        <source>Memory roof: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="675"/>
        <source>Recorded ceiling (spec ledger, not measured by this run): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="676"/>
        <source>Measured ceiling: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="464"/>
        <source>Compute roof in %1 on the CUDA cores / vector units, not the %2 tensor-core peak: the problem has no matrix product, so its kernel computes in %1 and never reaches a tensor-core roof.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunConsole</name>
    <message>
        <location filename="../widgets/runconsole.cpp" line="68"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="71"/>
        <source>Raw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="139"/>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="151"/>
        <source>Show the harness&apos;s protocol lines (CASE_START, CASE_RESULT, RESULT_JSON) as printed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="154"/>
        <source>Filter output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="359"/>
        <source>Phase %1: %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="361"/>
        <source>Phase %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="382"/>
        <source>phase %1 done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="383"/>
        <source>phase %1 stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="384"/>
        <source>phase %1 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="389"/>
        <source>Phase %1 stopped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="390"/>
        <source>Stopped on request; nothing after it ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="392"/>
        <source>Phase %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="395"/>
        <source>Phase %1 done; V0 not measured yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="396"/>
        <source>Phase 4 (Measure) runs the V0 measurement and sets the quality gate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="427"/>
        <source>No run: kernel.py is a skeleton (no kernel), so the harness was not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="432"/>
        <source>The run folder %1 is not in this copy (run folders are not committed): the cases are read from the report&apos;s table, which is the record; the run&apos;s log is not here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="435"/>
        <source>The run folder %1 is not in this copy (run folders are not committed): the report&apos;s table is the record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="447"/>
        <source>recorded run of %1, its folder not in this copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="449"/>
        <source>recorded run %1, its folder not in this copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="450"/>
        <source>no run recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="452"/>
        <source>recorded run of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="453"/>
        <source>recorded run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="454"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="456"/>
        <source>Review: the recorded run as written in %1; nothing was re-run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="477"/>
        <source>harness finished; quality gate %1: %2 (not a case: every case ran)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="641"/>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="684"/>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="684"/>
        <source>%1/%2 cases done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="687"/>
        <source>case %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="688"/>
        <source>case %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="691"/>
        <source> — timeout in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="692"/>
        <source> — over its %1 s timeout; the watchdog will stop it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="712"/>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="739"/>
        <source>%1 reference vs itself (no kernel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="744"/>
        <source>%1 skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="712"/>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="132"/>
        <source>Stop the running phase: the probe of phase 1 or the measurement (its process group is killed; a measurement&apos;s log is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="712"/>
        <source>finished with failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="565"/>
        <source>  (×%1)</source>
        <comment>a line the process printed this many times in a row</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunsModel</name>
    <message>
        <location filename="../widgets/runspanel.cpp" line="68"/>
        <source>no result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="41"/>
        <source>The harness&apos;s PASS: its cases ran, with the PyTorch reference in kernel.py&apos;s place (a CPU dry run); no kernel was measured.
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="78"/>
        <source>report, memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="77"/>
        <source>%1&apos;s report, memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="88"/>
        <source>When the run started (month-day time, UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="92"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="94"/>
        <source>Harness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="96"/>
        <source>Cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="98"/>
        <source>Recorded in</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunsPanel</name>
    <message>
        <location filename="../widgets/runspanel.cpp" line="199"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="200"/>
        <source>Compare the cases of the two selected runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="209"/>
        <source>Double-click a run to review it; select two to compare their cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="229"/>
        <source>Diff versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="231"/>
        <source>Every file the two selected versions&apos; commits differ in (kernel.py, the harness, the reference, the records): a list, then each file&apos;s diff, read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="239"/>
        <source>V0 is the baseline; Run &gt; Measure Again (F5), or `kwb measure`, records kernel.py as edited as the next version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="252"/>
        <location filename="../widgets/runspanel.cpp" line="350"/>
        <source>Versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="260"/>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="339"/>
        <location filename="../widgets/runspanel.cpp" line="391"/>
        <location filename="../widgets/runspanel.cpp" line="399"/>
        <location filename="../widgets/runspanel.cpp" line="422"/>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="351"/>
        <source>Versions (CPU dry runs: no latency or rel_err)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="352"/>
        <source>Versions (columns with no figure hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="353"/>
        <source>`kwb versions` prints &quot;-&quot; for each: a CPU dry run measures no kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="392"/>
        <source>ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="404"/>
        <source>Run folders: .kwb/runs/%1 → .kwb/runs/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="407"/>
        <source>No kernel ran in %1: a CPU dry run or a skeleton checks the reference against itself, so its cases show no rel_err, no latency and no ratio.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="409"/>
        <source>either run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="414"/>
        <source>case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="414"/>
        <source>latency B/A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="414"/>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="470"/>
        <source>%1 is not committed: there are no files of it to diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="481"/>
        <source>1 file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="481"/>
        <source>%1 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="483"/>
        <source>%1 → %2: %3 changed (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="485"/>
        <source>The two versions&apos; commits hold the same files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="492"/>
        <source>Not only kernel.py: %1 changed too, so %2 and %3 were checked by different code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>type changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="496"/>
        <source>modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="498"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="498"/>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="505"/>
        <source>modified: only its git_commit_hash, written in the commit after %1&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="526"/>
        <source>… %1 more lines: git diff %2 %3 -- %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="542"/>
        <source>Diff %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="552"/>
        <source>Compare %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SetAside</name>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="471"/>
        <source>%1 an attention technique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="473"/>
        <source>%1 a decode or sequence-model technique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="474"/>
        <source>%1 a GEMM or tensor-core technique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="475"/>
        <source>%1 a convolution technique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="476"/>
        <source>%1 a grouped-GEMM technique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="477"/>
        <source>%1 written for another GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="478"/>
        <source>%1 about another op class only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="484"/>
        <source>%1 about %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="519"/>
        <source>a code-conversion guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="521"/>
        <source>%1 %2 filed under %3 by the word(s) %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="523"/>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/knowledge/relevance.cpp" line="537"/>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SpecForm</name>
    <message>
        <location filename="../widgets/specform.cpp" line="80"/>
        <source>Save spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>fused ops after the primary one, comma separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="88"/>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="92"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="92"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="96"/>
        <source>rel_err = ||out.float() - ref|| / ||ref|| must stay below this (seed: 0.01 for bf16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="112"/>
        <source>Store the edited spec in .kwb/spec.json; phases 2-4 use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="115"/>
        <source>Pattern:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="116"/>
        <source>Detail:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="117"/>
        <source>Epilogue:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="118"/>
        <source>rel_err &lt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="119"/>
        <source>Threshold source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="120"/>
        <source>Accumulate in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="121"/>
        <source>FLOPs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="123"/>
        <source>Bytes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="285"/>
        <source>no spec loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="290"/>
        <source>sizes.%1: must be a positive integer, found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="324"/>
        <source>the expression does not evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="327"/>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="333"/>
        <source>Valid.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SpecTensorModel</name>
    <message>
        <location filename="../widgets/specview.cpp" line="42"/>
        <source>contiguous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="43"/>
        <source>broadcast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="44"/>
        <source>transposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="45"/>
        <source>strided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="63"/>
        <source>value %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="68"/>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="69"/>
        <source>output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="71"/>
        <source>parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="87"/>
        <source>%1 %2 (%3): shape %4, stride %5, %6, %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="88"/>
        <location filename="../widgets/specview.cpp" line="89"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="116"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="118"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="120"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="122"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="124"/>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="126"/>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="128"/>
        <source>Layout / value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SpecView</name>
    <message>
        <location filename="../widgets/specview.cpp" line="225"/>
        <source>%1 anchor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="227"/>
        <source>%1 pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="229"/>
        <source>pointwise lowering</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/specview.cpp" line="231"/>
        <source>chain of %n launch(es)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/specview.cpp" line="233"/>
        <source>chain of %n launch(es), writing input(s) %1 back</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="245"/>
        <source>Phase 3 will write a kernel with %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="247"/>
        <source>Phase 3 will write a SKELETON with %1 (the quality gate fails it): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="250"/>
        <source>Framework %1: not a built-in backend; the built-in ones would give:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="251"/>
        <source>Code generation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="256"/>
        <source>  group %1 [%2]: covered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="257"/>
        <source>  group %1 [%2]: not covered: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="263"/>
        <source>  ✓ %1: kernel (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="264"/>
        <source>  ✗ %1: skeleton: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="276"/>
        <source>  ✗ %1: skeleton (hover for why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="285"/>
        <source>%1: skeleton: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="302"/>
        <source>No spec: phase 1 (Understand) failed. The console and the status bar give the error, and the editor marks its line; fix the problem file, then run phase 1 again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="306"/>
        <source>No spec yet: run phase 1 (Understand).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="327"/>
        <source>%1: unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="329"/>
        <source>%1: %2 = %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="336"/>
        <source>%1: %2 = %3 %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="341"/>
        <source>Pattern: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="342"/>
        <source>Problem: %1, dtype %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="347"/>
        <source>Sizes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>FLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="348"/>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="353"/>
        <source>Threshold: rel_err &lt; %1 (%2); accumulation %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="363"/>
        <source>Ambiguity: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="363"/>
        <source>Note: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="335"/>
        <source>%1: %2 %3 (%4); %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::Suite</name>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="253"/>
        <source>%1 has no suite.json: not a `kwb suite` folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="255"/>
        <source>%1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="258"/>
        <source>%1 is not valid JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="261"/>
        <source>%1 is not a suite report (schema &quot;%2&quot;, expected &quot;kwb-suite-1&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SuitePanel</name>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="41"/>
        <source>Export Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="46"/>
        <source>No suite open: File &gt; Open Suite… opens a folder written by &lt;tt&gt;kwb suite&lt;/tt&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="48"/>
        <source>Filter problems (name, gate, bottleneck, error)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="91"/>
        <source>%1 of %2 shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="101"/>
        <source>Write the suite report as one HTML, PDF or Markdown file (as kwb export SUITE_DIR does), with links to each problem&apos;s files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="116"/>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="117"/>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="147"/>
        <source>Skipped %1: a subfolder with 1 problem, not searched (give it to kwb suite to run it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="150"/>
        <source>Skipped %1: a subfolder with %2 problems, not searched (give it to kwb suite to run them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="144"/>
        <source>Skipped %1: it defines neither class Model nor get_inputs(), a helper, not a problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="192"/>
        <source>&lt;b&gt;1 problem&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="192"/>
        <source>&lt;b&gt;%1 problems&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="208"/>
        <source>fast_1 %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="210"/>
        <source>CPU dry run: nothing measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="212"/>
        <source>geomean %1× vs eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="213"/>
        <source>, %1× vs torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="226"/>
        <source>%1/ (a subfolder: 1 problem)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="227"/>
        <source>%1/ (a subfolder: %2 problems)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="225"/>
        <source>%1 (not a problem)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="230"/>
        <source>%1 skipped, not run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="235"/>
        <source>policy framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="242"/>
        <source>No suite is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="247"/>
        <source>Give the file a .html, .pdf or .md name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="256"/>
        <location filename="../widgets/suitepanel.cpp" line="260"/>
        <source>Export suite report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitepanel.cpp" line="257"/>
        <source>PDF (*.pdf);;HTML (*.html);;Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SuiteReport</name>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="329"/>
        <source>Suite report: %1, %2 problem(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="367"/>
        <source>Suite report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="376"/>
        <source>CPU DRY RUN of %1 problem(s): nothing was measured (no latency, speedup or utilization)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="380"/>
        <source>%1 of %2 problems PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="382"/>
        <source> · geomean %1x vs eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="384"/>
        <source> · %1x vs torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="393"/>
        <source>Target </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="394"/>
        <source>; GPU %1; framework %2; %3 at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="396"/>
        <source>the seed&apos;s policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="407"/>
        <source>Measured on %1, NOT the target GPU %2 (%3 problem(s)): latencies and speedups are that device&apos;s; no utilization (the ledger does not know it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="412"/>
        <source>Measured on %1, NOT the target GPU %2 (%3 problem(s)): latencies and speedups are that device&apos;s; utilization is against %4&apos;s datasheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="422"/>
        <source>suite.json written %1 (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="430"/>
        <source>%1 not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="431"/>
        <source>Counts: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="433"/>
        <source>; %1 of the PASS timed nowhere (untimed: no latency, in no geomean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="437"/>
        <source>; %1 taken from an earlier run (resumed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="440"/>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="444"/>
        <source>not measured (kwb suite --compile-ref)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="446"/>
        <source>fast_1 (correct and faster than eager, of all problems): %1; geometric-mean speedup of the correct problems over eager: %2, over torch.compile: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="462"/>
        <source>GPU timing lock </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="463"/>
        <source>: no two problems&apos; timed regions overlapped; their harnesses waited %1 s for it in all (at most %2 s one problem), time not counted toward any case&apos;s timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="473"/>
        <source>Summary by level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="476"/>
        <location filename="../core/pipeline/suitereport.cpp" line="623"/>
        <source>level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="477"/>
        <source>problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="479"/>
        <source>not PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="482"/>
        <source>geomean vs eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="483"/>
        <source>geomean vs torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="484"/>
        <source>below 0.5x torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="488"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="505"/>
        <source>problems = PASS + not PASS + DRY_RUN + not run yet: not PASS counts FAIL, TIMEOUT_FAIL, SKELETON, ERROR and DRY_RUN_TIMEOUT (a dry run out of time on the CPU, nothing checked); a CPU dry run (DRY_RUN) measured no kernel, so it is neither PASS nor not PASS. Geomeans over the PASS problems with both latencies (above 1x: faster than the reference); fast_1 counts the problems that are correct and faster than eager among all of the level&apos;s problems.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="580"/>
        <source>No torch.compile figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="582"/>
        <source>Why a problem&apos;s &quot;vs compile&quot; is &quot;–&quot;: the harness&apos;s reason, as the problem&apos;s baseline report gives it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="601"/>
        <source>a subfolder with %1 problem file(s): not searched; give it to kwb suite to run them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="605"/>
        <source>defines neither class Model nor get_inputs(): a helper, not a problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="609"/>
        <source>Skipped, not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="611"/>
        <source>What the folders given to the suite held besides its problems, and why each was not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="694"/>
        <source>dry run: nothing measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="711"/>
        <source>(why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="517"/>
        <source>Worst problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="326"/>
        <source>Suite report: %1 (measured on %2), %3 problem(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="521"/>
        <source>None to list: a CPU dry run measures no kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="522"/>
        <source>None: no problem has a verdict yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="527"/>
        <source>Every problem that did not PASS, then the slowest that did (lowest speedup over torch.compile, or over eager without it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="540"/>
        <source>%1: %2 problem(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="558"/>
        <source>Why not PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="560"/>
        <source>The whole reason of every problem with one, as the suite recorded it (paths relative to the suite folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="622"/>
        <source>problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="624"/>
        <source>gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="626"/>
        <source>max rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="627"/>
        <source>kernel µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="628"/>
        <source>vs eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="629"/>
        <source>vs compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="631"/>
        <source>BW / compute % (copy %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="632"/>
        <source>why not PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="647"/>
        <source>kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="648"/>
        <source>log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="665"/>
        <source>taken from an earlier run (resumed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suitereport.cpp" line="688"/>
        <source>(whole text)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SuiteTableModel</name>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="114"/>
        <location filename="../widgets/suitetablemodel.cpp" line="158"/>
        <source>no torch.compile figure: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="118"/>
        <source>bottleneck: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="120"/>
        <source>bandwidth: %1% of the copy measured in its run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="155"/>
        <source>dry run: nothing measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="172"/>
        <source>The problem (its logic file&apos;s name); double-click or Enter opens its workspace for review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="173"/>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="175"/>
        <source>The quality gate of its V0 baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="175"/>
        <source>Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="177"/>
        <source>The largest relative error over all cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="177"/>
        <source>max rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="179"/>
        <source>The generated kernel&apos;s latency, primary case (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="179"/>
        <source>Kernel µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="181"/>
        <source>Eager PyTorch&apos;s latency, primary case (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="181"/>
        <source>Eager µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="183"/>
        <source>Speedup over eager PyTorch (eager µs / kernel µs; above 1 is faster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="183"/>
        <source>vs eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="185"/>
        <source>torch.compile&apos;s latency, primary case (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="185"/>
        <source>compile µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="187"/>
        <source>Speedup over torch.compile (compile µs / kernel µs; above 1 is faster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="187"/>
        <source>vs compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="189"/>
        <source>Share of the GPU&apos;s datasheet memory bandwidth reached (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="189"/>
        <source>BW %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="191"/>
        <source>Share of the GPU&apos;s datasheet compute peak reached (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="191"/>
        <source>Compute %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="193"/>
        <source>Why the problem did not PASS (the row&apos;s tooltip and the Report tab give the whole text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/suitetablemodel.cpp" line="194"/>
        <source>Why not PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="335"/>
        <source>Error in phase %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/suite.cpp" line="339"/>
        <source>Error (no verdict)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TargetChooser</name>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="39"/>
        <source>This machine (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="51"/>
        <source>%1 (required):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="51"/>
        <source>%1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/targetchooser.cpp" line="57"/>
        <source>The target as kwb --target takes it; composed from the fields above, or typed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::TargetScheme</name>
    <message>
        <location filename="../core/run/target.cpp" line="61"/>
        <source>this machine (the default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/target.cpp" line="71"/>
        <source>through a command on this machine, e.g. command:srun --gres=gpu:1 (the workspace is not copied)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/target.cpp" line="74"/>
        <source>Command prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="383"/>
        <source>on a host through OpenSSH and your ssh config (aliases, keys, ProxyJump); the workspace
is copied to remote-dir/&lt;workspace&gt; (default ~/kwb-workspaces; /~/dir is home-relative)
and new files come back; python defaults to python3 on the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="388"/>
        <location filename="../core/run/slurmtarget.cpp" line="345"/>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="389"/>
        <source>Host (or ssh config alias)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="391"/>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="393"/>
        <source>Remote folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/sshtarget.cpp" line="395"/>
        <source>Remote Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="300"/>
        <source>one batch job per run through this machine&apos;s sbatch (e.g. slurm://gpu?gres=gpu:1&amp;time=00:10:00);
output followed live, cancel is scancel; the workspace must be on a file system the nodes see</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="304"/>
        <location filename="../core/run/slurmtarget.cpp" line="348"/>
        <source>Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="306"/>
        <location filename="../core/run/slurmtarget.cpp" line="350"/>
        <source>sbatch options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="340"/>
        <source>the same through a login node over ssh; the workspace is copied to ?dir=FOLDER there (default
~/kwb-workspaces; it must be visible to the compute nodes); ?python=PATH on the nodes (default python3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/run/slurmtarget.cpp" line="346"/>
        <source>Login node</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::Verdict</name>
    <message>
        <location filename="../core/review/verdict.cpp" line="51"/>
        <source>Not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="53"/>
        <source>Running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="55"/>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="57"/>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="59"/>
        <source>TIMEOUT_FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="61"/>
        <source>Skeleton: kernel not implemented</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="63"/>
        <source>Dry run: not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="65"/>
        <source>Dry run incomplete: out of time on this CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="67"/>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="69"/>
        <source>Harness error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="77"/>
        <source>not measured: no kernel ran (a CPU dry run runs the PyTorch reference in kernel.py&apos;s place, checked against its own float32 run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="71"/>
        <source>Incomplete: the run was interrupted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::VerdictBadge</name>
    <message>
        <location filename="../widgets/verdictbadge.cpp" line="50"/>
        <location filename="../widgets/verdictbadge.cpp" line="60"/>
        <source>Quality gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::VerdictCode</name>
    <message>
        <location filename="../core/review/verdict.cpp" line="87"/>
        <source>NOT_RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="89"/>
        <source>RUNNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="91"/>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="93"/>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="95"/>
        <source>TIMEOUT_FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="97"/>
        <source>SKELETON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="99"/>
        <source>DRY_RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="101"/>
        <source>DRY_RUN_TIMEOUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="103"/>
        <source>STOPPED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="105"/>
        <source>ERROR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="107"/>
        <source>INCOMPLETE</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::VersionsModel</name>
    <message>
        <location filename="../widgets/runspanel.cpp" line="123"/>
        <source>quality gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="127"/>
        <source>rel_err: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="130"/>
        <source>%1 µs against %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="144"/>
        <location filename="../widgets/runspanel.cpp" line="146"/>
        <location filename="../widgets/runspanel.cpp" line="149"/>
        <location filename="../widgets/runspanel.cpp" line="152"/>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="154"/>
        <source>not committed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="164"/>
        <source>dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="165"/>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="166"/>
        <source>dry run: out of time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="167"/>
        <source>skeleton</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="173"/>
        <source>Speedup vs the previous version: its latency over this one&apos;s (&gt; 1: faster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="177"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="179"/>
        <source>Gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="181"/>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="183"/>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="185"/>
        <source>rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="187"/>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::WizardPanel</name>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="39"/>
        <source>Understand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="41"/>
        <source>Learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="43"/>
        <source>Implement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="45"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="57"/>
        <source>CPU dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="71"/>
        <source>File &gt; Open a PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="78"/>
        <source>Target GPU: a spec-ledger id or alias, looked up exactly (never another GPU&apos;s numbers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="84"/>
        <location filename="../widgets/wizardpanel.cpp" line="268"/>
        <source>Policy default (Hopper → CuteDSL, CDNA3/CDNA4 → FlyDSL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="85"/>
        <source>CuteDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="86"/>
        <source>FlyDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="87"/>
        <source>Triton (outside the seed&apos;s policy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="90"/>
        <location filename="../widgets/wizardpanel.cpp" line="282"/>
        <source>./kernel_opt_&lt;name&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="92"/>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="93"/>
        <source>Choose the workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="95"/>
        <source>Workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="106"/>
        <source>Run the PyTorch reference on the CPU at reduced shapes: checks the flow, never a kernel measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="109"/>
        <source>Logic file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="110"/>
        <source>GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="111"/>
        <source>Framework:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="112"/>
        <source>Workspace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="114"/>
        <source>Run on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="125"/>
        <location filename="../widgets/wizardpanel.cpp" line="446"/>
        <location filename="../widgets/wizardpanel.cpp" line="489"/>
        <source>Not run yet. The records consulted appear in the Knowledge panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="133"/>
        <location filename="../widgets/wizardpanel.cpp" line="346"/>
        <location filename="../widgets/wizardpanel.cpp" line="490"/>
        <source>Not run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="153"/>
        <source>Spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="154"/>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="156"/>
        <source>Probe the logic file on meta tensors: compute pattern, tensors, FLOPs and bytes, accuracy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="158"/>
        <source>Query the enabled knowledge tools for the exact GPU, framework and operator; write plans/v0_plan.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="162"/>
        <source>Generate reference.py, kernel.py and test_kernel.py. Edit them in the editor before measuring if you like.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="165"/>
        <source>One full-workload V0 measurement, then the report, memory/v0.json and the commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="170"/>
        <source>Show Phase %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="222"/>
        <location filename="../widgets/wizardpanel.cpp" line="535"/>
        <source>Run V0 measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="222"/>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="269"/>
        <source>Policy default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="283"/>
        <source>kernel_opt_&lt;name&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="294"/>
        <source>Empty: a new folder kernel_opt_&lt;name&gt; in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="315"/>
        <source>%1 %2. %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="321"/>
        <source>%1 %2. %3 (recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="326"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="333"/>
        <source>%1 kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="333"/>
        <source>%1 SKELETON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="362"/>
        <source>Review of %1, %2 (nothing re-run)%3:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="380"/>
        <source>  run: %1 (not in this copy: run folders are not committed; the report is the record)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="383"/>
        <source>  rel_err: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="387"/>
        <source>Measure Again records kernel.py as V%1 (V0 is kept); running phases 1-4 again replaces V0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="389"/>
        <source>Run the phases to measure it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/wizardpanel.cpp" line="408"/>
        <source>Recorded in this workspace (nothing re-run): %n knowledge record(s) kept</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/wizardpanel.cpp" line="411"/>
        <source>; %n set aside as not applying</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="412"/>
        <source>Plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="441"/>
        <source>Show phase %1&apos;s results (nothing runs again). Alt+%1; Ctrl+%1 runs it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="442"/>
        <source>Show phase %1&apos;s page and its Run button. Alt+%1; Ctrl+%1 runs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="461"/>
        <source>Runs once phase %1 has run in this window (the phases run in order; a reviewed workspace&apos;s recorded phases are shown, not run again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="465"/>
        <source>Runs phase 1 again. Phases 1-4 run again end in a new V0: V0 is replaced (its commit stays in git). Measure Again keeps V0 and records kernel.py as V%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="469"/>
        <source>Measure the regenerated kernel as a new V0: V0 is replaced (its commit stays in git). Measure Again keeps V0 and records kernel.py as V%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="535"/>
        <source>Measure V0 anew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="564"/>
        <source>⚠ %1 will write a SKELETON for this problem, which the quality gate fails (%2). %3 gives a kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="566"/>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="574"/>
        <source>Use %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="575"/>
        <source>Set Framework to %1 and run phase 1 again (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="366"/>
        <source>, CPU dry run: not a measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="365"/>
        <source>, no run: kernel.py is a skeleton</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="368"/>
        <source>  why: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="369"/>
        <source>  max rel_err: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="370"/>
        <source>  latency: %1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="371"/>
        <source>  bandwidth: %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="372"/>
        <source>  compute: %1 TFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="374"/>
        <source>  run: %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="378"/>
        <source> (not the recorded run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="377"/>
        <source> (interrupted: no result.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::WorkbenchSession</name>
    <message>
        <location filename="../core/pipeline/session.cpp" line="194"/>
        <source>Measuring: the run console shows each case as it finishes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="233"/>
        <source>Understand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="235"/>
        <source>Learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="237"/>
        <source>Implement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="239"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="257"/>
        <source>Phase %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="260"/>
        <source>Phase %1 (%2) is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="263"/>
        <source>No logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="263"/>
        <source>Open a PyTorch logic file first (File &gt; Open).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="265"/>
        <source>There is no phase %1: the phases are 1 to 4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="267"/>
        <source>No GPU chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="268"/>
        <source>Pick the target GPU in the GPU box first (a spec-ledger id such as H200-SXM or MI300X); phase 1 looks its specs up in the ledger, also for a CPU dry run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="273"/>
        <source>Run phase %1 (%2) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="277"/>
        <source>Settings changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="278"/>
        <source>GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="285"/>
        <location filename="../core/pipeline/session.cpp" line="300"/>
        <source>Phase %1 is running; wait for it to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="286"/>
        <location filename="../core/pipeline/session.cpp" line="291"/>
        <location filename="../core/pipeline/session.cpp" line="298"/>
        <source>Run phase 4 (Measure) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="289"/>
        <source>The run was stopped: it is not recorded, and the workspace&apos;s report and memory stay as they were. Run phase 4 again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="307"/>
        <source>The quality gate is %1: the seed commits V0 only after the gate passes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="320"/>
        <source>Done: baseline_report.md and the memory record written; committed %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="408"/>
        <source>Harness: %1 (%2), %3 case(s); rel_err %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="66"/>
        <source>Phase %1 is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="80"/>
        <source>Measuring V%1 (kernel.py as it is on disk): the run console shows each case as it finishes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="172"/>
        <source>Done: baseline_report.md and the memory record written; V0 is not committed (quality gate %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="175"/>
        <source>Done: baseline_report.md and the memory record written; V0 is not committed (quality gate %1); the generated files are committed as %2, a base for your edits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="302"/>
        <source>The run was stopped: it has no verdict to commit. Run phase 4 again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="304"/>
        <source>This run is committed already (%1): run phase 4 again, or Measure Again after an edit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/pipeline/session.cpp" line="342"/>
        <source>%n record(s) consulted</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="343"/>
        <source> from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/pipeline/session.cpp" line="346"/>
        <source>%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/pipeline/session.cpp" line="348"/>
        <source>%n record(s) set aside: they do not apply to this problem (dtype or operator); the plan says why.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="351"/>
        <source>Plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="394"/>
        <source>Quality gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="395"/>
        <source>  why: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="404"/>
        <source>Harness: %1 on the CPU (%2), not measured; rel_err %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="412"/>
        <source>Harness: %1 (%2), %3 case(s); max rel_err %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="418"/>
        <source>kernel latency: not measured (dry run); primary case %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="420"/>
        <source>latency_us %1 (reference %2), primary case %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="428"/>
        <source>timed case: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="430"/>
        <source>untimed: nothing was timed (%1), so this PASS has no latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="434"/>
        <source>CPU dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="434"/>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="438"/>
        <source>Log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="312"/>
        <source>Stopped: nothing is recorded; the workspace&apos;s records are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="319"/>
        <location filename="../core/pipeline/session.cpp" line="441"/>
        <source>Next: Report, Memory, Commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/pipeline/session.cpp" line="167"/>
        <location filename="../core/pipeline/session.cpp" line="442"/>
        <source>Next: Report and Memory record this failing run; Commit needs a passing gate.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>kwb</name>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="236"/>
        <source>Cannot draw the roofline figure: no QApplication (run with QT_QPA_PLATFORM=offscreen).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="238"/>
        <source>Cannot draw the roofline figure: the size %1 × %2 is not positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="240"/>
        <source>Cannot draw the roofline figure: peak TFLOPS or bandwidth is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="248"/>
        <source>Cannot draw the roofline figure: rendering gave an empty image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="251"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="253"/>
        <source>Writing the PNG %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CaseTableModel</name>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="111"/>
        <source>shape %1, dtype %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="113"/>
        <source>threshold rel_err &lt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="136"/>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="137"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="138"/>
        <source>rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="139"/>
        <source>latency_us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="140"/>
        <source>ref latency_us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="141"/>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CodeEditor</name>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="60"/>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="76"/>
        <source>This editor has no file to save to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="82"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="88"/>
        <source>Saving %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::EditorTabs</name>
    <message>
        <location filename="../widgets/editortabs.cpp" line="79"/>
        <source>The current tab is not an editable file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="131"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="132"/>
        <source>%1 has unsaved changes. Save them before closing?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/editortabs.cpp" line="139"/>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::KnowledgeModel</name>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="49"/>
        <source>Constraint: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="51"/>
        <source>FALLBACK SAMPLE: not a match for this problem or hardware.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="72"/>
        <source>FALLBACK (not a match)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="72"/>
        <source>match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="82"/>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="83"/>
        <source>Record id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="84"/>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="85"/>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="86"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/knowledgemodel.cpp" line="87"/>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="76"/>
        <location filename="../widgets/mainwindow.cpp" line="300"/>
        <location filename="../widgets/mainwindow.cpp" line="314"/>
        <location filename="../widgets/mainwindow.cpp" line="392"/>
        <source>Cannot open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="86"/>
        <source>Stopping the measurement…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="92"/>
        <source>GPU spec ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="93"/>
        <source>Open a PyTorch logic file (File &gt; Open) to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="99"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="100"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="101"/>
        <source>Open PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="102"/>
        <source>Python files (*.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="108"/>
        <source>Open &amp;Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="109"/>
        <source>Open workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="114"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="116"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="119"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="121"/>
        <location filename="../widgets/mainwindow.cpp" line="128"/>
        <location filename="../widgets/mainwindow.cpp" line="372"/>
        <location filename="../widgets/mainwindow.cpp" line="624"/>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="125"/>
        <source>Save &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="132"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="135"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="137"/>
        <source>&amp;%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="140"/>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="143"/>
        <source>&amp;Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="146"/>
        <source>Write baseline_report.md, memory/v0.json and the roofline figure, and preview the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="147"/>
        <source>&amp;Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="150"/>
        <source>Open memory/v0.json (written with the report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="151"/>
        <source>&amp;Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="154"/>
        <source>Commit &quot;V0: baseline kernel&quot; (only after the quality gate passes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="157"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="168"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="169"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="170"/>
        <source>&amp;About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="171"/>
        <source>About Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="172"/>
        <source>Kernel Workbench %1
PyTorch logic to a correct, measured and committed V0 GPU kernel baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="189"/>
        <source>Wizard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="202"/>
        <source>Knowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="203"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="206"/>
        <source>Run console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="257"/>
        <source>Kernel Workbench[*]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="257"/>
        <source>%1[*] — Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="268"/>
        <source>none for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="269"/>
        <source>%1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="295"/>
        <source>Cannot open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="295"/>
        <source>%1 has no reference.py: not a kernel_opt_&lt;name&gt; workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="300"/>
        <source>%1 is not a Python (.py) logic file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="305"/>
        <location filename="../widgets/mainwindow.cpp" line="309"/>
        <source>Cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="305"/>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="309"/>
        <source>A measurement is running: stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="336"/>
        <source>Opened %1: run phase 1 (Understand)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="364"/>
        <location filename="../widgets/mainwindow.cpp" line="614"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="365"/>
        <source>These files have unsaved changes; the run reads what is on disk:
%1

Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="388"/>
        <source>%1 changed on disk; your unsaved edits in its tab are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="403"/>
        <source>No logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="403"/>
        <source>Open a PyTorch logic file first (File &gt; Open).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="409"/>
        <source>Phase %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="409"/>
        <source>Run phase %1 (%2) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="413"/>
        <source>Settings changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="414"/>
        <source>GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="466"/>
        <source>Phase %1 (%2) failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="473"/>
        <source>Understood %1: framework %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="484"/>
        <source>%n record(s) consulted</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="486"/>
        <source> from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="488"/>
        <source>%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="489"/>
        <source>Plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="515"/>
        <source>Status %1 (%2), %3 case(s); max rel_err %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="516"/>
        <source>latency_us %1 (reference %2), primary case %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="518"/>
        <source>CPU dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="522"/>
        <source>Log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="523"/>
        <source>Next: Report, Memory, Commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="530"/>
        <source>Measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="532"/>
        <source>V0 measurement finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="537"/>
        <source>No measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="537"/>
        <source>Run phase 4 (Measure) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="546"/>
        <location filename="../widgets/mainwindow.cpp" line="566"/>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="566"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="569"/>
        <source>Report preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="575"/>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="593"/>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="597"/>
        <source>Committed %1: V0: baseline kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="605"/>
        <source>Measurement running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="605"/>
        <source>A measurement is running. Stop it and quit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="615"/>
        <source>Save your changes before quitting?
%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RooflinePlot</name>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="49"/>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="50"/>
        <source>Performance (TFLOPS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="55"/>
        <location filename="../widgets/rooflineplot.cpp" line="83"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="84"/>
        <source>No roofline yet: it is drawn with the report, after the V0 measurement (phase 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="112"/>
        <source>Roofline — %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="114"/>
        <source>%1, %2: peak %3 TFLOPS, datasheet bandwidth %4 TB/s, ridge point %5 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="117"/>
        <source>No roofs: the peak or the bandwidth is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="141"/>
        <source>Memory roof: %1 TB/s (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="145"/>
        <source>Measured ceiling: %1 TB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="148"/>
        <source>Compute roof: %1 TFLOPS (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="151"/>
        <source>Ridge point: %1 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="158"/>
        <source>V0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="160"/>
        <source>(above its roof: check the measurement)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="178"/>
        <source>%1: intensity %2 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="178"/>
        <location filename="../widgets/rooflineplot.cpp" line="182"/>
        <source>no measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="181"/>
        <source>No measured point (%1): the dotted line marks the kernel&apos;s arithmetic intensity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="184"/>
        <source>The measured point is not drawn: intensity %1 FLOP/byte and %2 TFLOPS must both be positive on log axes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="188"/>
        <source>Compute roof: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="190"/>
        <source>Memory roof: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="192"/>
        <source>Measured ceiling: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunConsole</name>
    <message>
        <location filename="../widgets/runconsole.cpp" line="29"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="52"/>
        <source>Stop the measurement (the process group is killed; the log is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="56"/>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="122"/>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="130"/>
        <source>running %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="145"/>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="145"/>
        <source>finished with failures</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SpecTensorModel</name>
    <message>
        <location filename="../widgets/specview.cpp" line="48"/>
        <source>value %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="53"/>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="54"/>
        <source>output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="56"/>
        <source>parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="88"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="89"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="90"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="91"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="92"/>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="93"/>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="94"/>
        <source>Layout / value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::SpecView</name>
    <message>
        <location filename="../widgets/specview.cpp" line="122"/>
        <source>No spec yet: run phase 1 (Understand).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="129"/>
        <source>%1: unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="131"/>
        <source>%1: %2 = %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="135"/>
        <source>%1: %2 = %3 %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="139"/>
        <source>Pattern: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="140"/>
        <source>Problem: %1, dtype %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="146"/>
        <source>Sizes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="147"/>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="147"/>
        <source>FLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="147"/>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="147"/>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="149"/>
        <source>Threshold: rel_err &lt; %1 (%2); accumulation %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="155"/>
        <source>Ambiguity: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specview.cpp" line="155"/>
        <source>Note: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::WizardPanel</name>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="25"/>
        <source>Understand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="26"/>
        <source>Learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="27"/>
        <source>Implement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="28"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="39"/>
        <source>CPU dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="50"/>
        <source>File &gt; Open a PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="55"/>
        <source>Target GPU: a spec-ledger id or alias, looked up exactly (never another GPU&apos;s numbers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="58"/>
        <location filename="../widgets/wizardpanel.cpp" line="177"/>
        <source>Policy default (Hopper → CuteDSL, CDNA3/CDNA4 → FlyDSL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="59"/>
        <source>CuteDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="60"/>
        <source>FlyDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="61"/>
        <source>Triton (outside the seed&apos;s policy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="64"/>
        <source>./kernel_opt_&lt;name&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="66"/>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="67"/>
        <source>Choose the workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="69"/>
        <source>Workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="79"/>
        <source>Run the PyTorch reference on the CPU at reduced shapes: checks the flow, never a kernel measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="82"/>
        <source>Logic file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="83"/>
        <source>GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="84"/>
        <source>Framework:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="85"/>
        <source>Workspace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="96"/>
        <source>Not run yet. The records consulted appear in the Knowledge panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="102"/>
        <location filename="../widgets/wizardpanel.cpp" line="223"/>
        <source>Not run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="112"/>
        <source>Probe the logic file on meta tensors: compute pattern, tensors, FLOPs and bytes, accuracy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="113"/>
        <source>Query the enabled knowledge tools for the exact GPU, framework and operator; write plans/v0_plan.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="114"/>
        <source>Generate reference.py, kernel.py and test_kernel.py. Edit them in the editor before measuring if you like.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="115"/>
        <source>One full-workload V0 measurement, then the report, memory/v0.json and the commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="134"/>
        <source>Run V0 measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="134"/>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="178"/>
        <source>Policy default: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

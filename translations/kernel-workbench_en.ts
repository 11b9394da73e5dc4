<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
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
        <location filename="../widgets/casetablemodel.cpp" line="123"/>
        <source>PASS (harness only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="146"/>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="147"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="148"/>
        <source>rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="149"/>
        <source>latency_us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="149"/>
        <source>stand-in µs (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="150"/>
        <source>ref latency_us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="150"/>
        <source>reference µs (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="151"/>
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
        <location filename="../widgets/mainwindow.cpp" line="80"/>
        <location filename="../widgets/mainwindow.cpp" line="84"/>
        <source>Spec not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="80"/>
        <source>Phase %1 is running; save the spec when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="84"/>
        <source>run phase 1 first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="92"/>
        <source>Spec saved to %1/.kwb/spec.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="97"/>
        <location filename="../widgets/mainwindow.cpp" line="336"/>
        <location filename="../widgets/mainwindow.cpp" line="350"/>
        <location filename="../widgets/mainwindow.cpp" line="428"/>
        <source>Cannot open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="107"/>
        <source>Stopping the measurement…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="113"/>
        <source>GPU spec ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="114"/>
        <source>Open a PyTorch logic file (File &gt; Open) to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="126"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="127"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="128"/>
        <source>Open PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="129"/>
        <source>Python files (*.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="135"/>
        <source>Open &amp;Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="136"/>
        <source>Open workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="141"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="143"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="146"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="148"/>
        <location filename="../widgets/mainwindow.cpp" line="155"/>
        <location filename="../widgets/mainwindow.cpp" line="408"/>
        <location filename="../widgets/mainwindow.cpp" line="696"/>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="152"/>
        <source>Save &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="159"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="162"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="164"/>
        <source>&amp;%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="167"/>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="170"/>
        <source>&amp;Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="173"/>
        <source>Write baseline_report.md, memory/v0.json and the roofline figure, and preview the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="174"/>
        <source>&amp;Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="177"/>
        <source>Open memory/v0.json (written with the report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="178"/>
        <source>&amp;Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="181"/>
        <source>Commit &quot;V0: baseline kernel&quot; (only after the quality gate passes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="184"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="195"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="196"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="197"/>
        <source>&amp;About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="198"/>
        <source>About Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="199"/>
        <source>Kernel Workbench %1
PyTorch logic to a correct, measured and committed V0 GPU kernel baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="216"/>
        <source>Wizard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="229"/>
        <source>Knowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="230"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="236"/>
        <source>Plugins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="238"/>
        <source>Run console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="289"/>
        <source>Kernel Workbench[*]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="289"/>
        <source>%1[*] — Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="300"/>
        <source>none for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="301"/>
        <source>%1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="321"/>
        <source>Phase %1 is running; open %2 when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="331"/>
        <source>Cannot open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="331"/>
        <source>%1 has no reference.py: not a kernel_opt_&lt;name&gt; workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="336"/>
        <source>%1 is not a Python (.py) logic file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="321"/>
        <location filename="../widgets/mainwindow.cpp" line="341"/>
        <location filename="../widgets/mainwindow.cpp" line="345"/>
        <source>Cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="341"/>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="345"/>
        <source>A measurement is running: stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="372"/>
        <source>Opened %1: run phase 1 (Understand)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="400"/>
        <location filename="../widgets/mainwindow.cpp" line="686"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="401"/>
        <source>These files have unsaved changes; the run reads what is on disk:
%1

Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="424"/>
        <source>%1 changed on disk; your unsaved edits in its tab are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="443"/>
        <source>No logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="443"/>
        <source>Open a PyTorch logic file first (File &gt; Open).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="439"/>
        <location filename="../widgets/mainwindow.cpp" line="449"/>
        <source>Phase %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="439"/>
        <source>Phase %1 (%2) is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="449"/>
        <source>Run phase %1 (%2) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="453"/>
        <source>Settings changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="454"/>
        <source>GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="499"/>
        <source>Phase %1 (%2) running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="533"/>
        <source>Phase %1 (%2) failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="540"/>
        <source>Understood %1: framework %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="551"/>
        <source>%n record(s) consulted</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="553"/>
        <source> from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="555"/>
        <source>%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="556"/>
        <source>Plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="583"/>
        <source>Status %1 (%2), %3 case(s); max rel_err %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="584"/>
        <source>latency_us %1 (reference %2), primary case %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="586"/>
        <source>CPU dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="590"/>
        <source>Log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="591"/>
        <source>Next: Report, Memory, Commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="598"/>
        <source>Measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="600"/>
        <source>V0 measurement finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="605"/>
        <source>Phase %1 is running; wait for it to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="609"/>
        <source>No measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="609"/>
        <source>Run phase 4 (Measure) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="605"/>
        <location filename="../widgets/mainwindow.cpp" line="618"/>
        <location filename="../widgets/mainwindow.cpp" line="638"/>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="638"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="641"/>
        <source>Report preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="647"/>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="665"/>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="669"/>
        <source>Committed %1: V0: baseline kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="677"/>
        <source>Measurement running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="677"/>
        <source>A measurement is running. Stop it and quit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="687"/>
        <source>Save your changes before quitting?
%1</source>
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
        <location filename="../widgets/pluginpanel.cpp" line="136"/>
        <source> — disabled for this session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="195"/>
        <source>comma-separated, or a JSON array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="196"/>
        <source>JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="235"/>
        <source>No Phase 1 spec yet: run phase 1 (Understand) to prefill the query.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="243"/>
        <source>Prefilled from the spec (product, arch, framework, operator, shapes, dtypes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="262"/>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="270"/>
        <source>%1: not valid JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="285"/>
        <source>%1: expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="301"/>
        <source>%1 is disabled: enable it in the list first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="302"/>
        <source>Choose a knowledge tool first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="316"/>
        <source>Querying %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="333"/>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/pluginpanel.cpp" line="334"/>
        <source>%n record(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="346"/>
        <source>Select a result first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="352"/>
        <source>Open a problem and run phases 1 and 2 first: the record goes into plans/v0_plan.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="363"/>
        <source>Added %1 to plans/v0_plan.md, labelled as a FALLBACK sample (not a match).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="364"/>
        <source>Added %1 to plans/v0_plan.md and the memory record&apos;s references.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="386"/>
        <source>FALLBACK sample — NOT a match for this query&apos;s scope

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="387"/>
        <source>Record id: %1
Tool: %2
Scope: %3
Source: %4
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/pluginpanel.cpp" line="388"/>
        <source>Constraint: %1
</source>
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
    <name>kwb::SpecForm</name>
    <message>
        <location filename="../widgets/specform.cpp" line="78"/>
        <source>Save spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="83"/>
        <source>fused ops after the primary one, comma separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>Dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="85"/>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="89"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="89"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="93"/>
        <source>rel_err = ||out.float() - ref|| / ||ref|| must stay below this (seed: 0.01 for bf16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="108"/>
        <source>Store the edited spec in .kwb/spec.json; phases 2-4 use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="111"/>
        <source>Pattern:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="112"/>
        <source>Detail:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="113"/>
        <source>Epilogue:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="114"/>
        <source>rel_err &lt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="115"/>
        <source>Threshold source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="116"/>
        <source>Accumulate in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="117"/>
        <source>FLOPs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="119"/>
        <source>Bytes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="272"/>
        <source>no spec loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="277"/>
        <source>sizes.%1: must be a positive integer, found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="304"/>
        <source>the expression does not evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="307"/>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="313"/>
        <source>No spec yet: run phase 1 (Understand).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/specform.cpp" line="314"/>
        <source>Valid.</source>
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
        <location filename="../widgets/wizardpanel.cpp" line="27"/>
        <source>Understand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="28"/>
        <source>Learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="29"/>
        <source>Implement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="30"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="41"/>
        <source>CPU dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="53"/>
        <source>File &gt; Open a PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="58"/>
        <source>Target GPU: a spec-ledger id or alias, looked up exactly (never another GPU&apos;s numbers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="61"/>
        <location filename="../widgets/wizardpanel.cpp" line="187"/>
        <source>Policy default (Hopper → CuteDSL, CDNA3/CDNA4 → FlyDSL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="62"/>
        <source>CuteDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="63"/>
        <source>FlyDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="64"/>
        <source>Triton (outside the seed&apos;s policy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="67"/>
        <source>./kernel_opt_&lt;name&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="69"/>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="70"/>
        <source>Choose the workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="72"/>
        <source>Workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="82"/>
        <source>Run the PyTorch reference on the CPU at reduced shapes: checks the flow, never a kernel measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="85"/>
        <source>Logic file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="86"/>
        <source>GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="87"/>
        <source>Framework:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="88"/>
        <source>Workspace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="99"/>
        <source>Not run yet. The records consulted appear in the Knowledge panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="105"/>
        <location filename="../widgets/wizardpanel.cpp" line="234"/>
        <source>Not run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="118"/>
        <source>Spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="119"/>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="120"/>
        <source>Probe the logic file on meta tensors: compute pattern, tensors, FLOPs and bytes, accuracy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="121"/>
        <source>Query the enabled knowledge tools for the exact GPU, framework and operator; write plans/v0_plan.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="122"/>
        <source>Generate reference.py, kernel.py and test_kernel.py. Edit them in the editor before measuring if you like.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="123"/>
        <source>One full-workload V0 measurement, then the report, memory/v0.json and the commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="142"/>
        <source>Run V0 measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="142"/>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="188"/>
        <source>Policy default: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>kwb</name>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="416"/>
        <source>Cannot draw the roofline figure: no QApplication (run with QT_QPA_PLATFORM=offscreen).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="418"/>
        <source>Cannot draw the roofline figure: the size %1 × %2 is not positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="420"/>
        <source>Cannot draw the roofline figure: peak TFLOPS or bandwidth is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="428"/>
        <source>Cannot draw the roofline figure: rendering gave an empty image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="25"/>
        <source>Cannot write a PDF: no QGuiApplication.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="27"/>
        <location filename="../widgets/rooflineplot.cpp" line="431"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="32"/>
        <source>Kernel Workbench review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/reportexport.cpp" line="51"/>
        <source>Writing %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="433"/>
        <source>Writing the PNG %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CaseTableModel</name>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="113"/>
        <source>shape %1, dtype %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="115"/>
        <source>threshold rel_err &lt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="125"/>
        <source>PASS (harness only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="164"/>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="165"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="166"/>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="167"/>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="168"/>
        <source>rel_err</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="169"/>
        <source>latency_us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="169"/>
        <source>stand-in µs (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="170"/>
        <source>ref latency_us</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="170"/>
        <source>reference µs (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/casetablemodel.cpp" line="171"/>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::CodeEditor</name>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="96"/>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="112"/>
        <source>This editor has no file to save to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="118"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/codeeditor.cpp" line="124"/>
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
        <location filename="../widgets/mainwindow.cpp" line="116"/>
        <location filename="../widgets/mainwindow.cpp" line="120"/>
        <source>Spec not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="116"/>
        <source>Phase %1 is running; save the spec when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="120"/>
        <source>run phase 1 first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="128"/>
        <source>Spec saved to %1/.kwb/spec.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="133"/>
        <location filename="../widgets/mainwindow.cpp" line="578"/>
        <location filename="../widgets/mainwindow.cpp" line="592"/>
        <location filename="../widgets/mainwindow.cpp" line="746"/>
        <source>Cannot open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="144"/>
        <source>Stopping the measurement…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="150"/>
        <source>GPU spec ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="151"/>
        <source>Open a PyTorch logic file (File &gt; Open) to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="164"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="165"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="166"/>
        <source>Open PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="167"/>
        <source>Python files (*.py);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="173"/>
        <source>Open &amp;Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="174"/>
        <source>Open workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="179"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="181"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="184"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="186"/>
        <location filename="../widgets/mainwindow.cpp" line="193"/>
        <location filename="../widgets/mainwindow.cpp" line="726"/>
        <location filename="../widgets/mainwindow.cpp" line="1059"/>
        <source>Save failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="190"/>
        <source>Save &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="197"/>
        <source>&amp;Export Review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="200"/>
        <source>Export review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="201"/>
        <source>HTML (*.html);;PDF (*.pdf);;Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="205"/>
        <location filename="../widgets/mainwindow.cpp" line="677"/>
        <location filename="../widgets/mainwindow.cpp" line="683"/>
        <location filename="../widgets/mainwindow.cpp" line="687"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="205"/>
        <source>Give the file a .html, .pdf or .md name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="208"/>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="212"/>
        <source>One self-contained file (HTML, PDF or Markdown) with the verdict, the report and the roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="214"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="218"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="220"/>
        <source>&amp;%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="223"/>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="226"/>
        <source>&amp;Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="229"/>
        <source>Write baseline_report.md, memory/v0.json and the roofline figure, and preview the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="230"/>
        <source>&amp;Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="233"/>
        <source>Open memory/v0.json (written with the report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="234"/>
        <source>&amp;Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="237"/>
        <source>Commit &quot;V0: baseline kernel&quot; (only after the quality gate passes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="240"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="252"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="253"/>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="255"/>
        <source>&amp;Dark Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="263"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="264"/>
        <source>&amp;About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="265"/>
        <source>About Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="266"/>
        <source>Kernel Workbench %1
PyTorch logic to a correct, measured and committed V0 GPU kernel baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="287"/>
        <source>Wizard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="305"/>
        <source>Knowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="303"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="311"/>
        <source>Plugins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="302"/>
        <source>Run console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="517"/>
        <source>Kernel Workbench[*]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="517"/>
        <source>%1[*] — Kernel Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="528"/>
        <source>none for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="529"/>
        <source>%1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="559"/>
        <source>Phase %1 is running; open %2 when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="573"/>
        <source>Cannot open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="573"/>
        <source>%1 has no reference.py: not a kernel_opt_&lt;name&gt; workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="578"/>
        <source>%1 is not a Python (.py) logic file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="559"/>
        <location filename="../widgets/mainwindow.cpp" line="583"/>
        <location filename="../widgets/mainwindow.cpp" line="587"/>
        <source>Cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="583"/>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="587"/>
        <source>A measurement is running: stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="628"/>
        <source>Opened %1: run phase 1 (Understand)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="718"/>
        <location filename="../widgets/mainwindow.cpp" line="1049"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="719"/>
        <source>These files have unsaved changes; the run reads what is on disk:
%1

Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="742"/>
        <source>%1 changed on disk; your unsaved edits in its tab are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="761"/>
        <source>No logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="761"/>
        <source>Open a PyTorch logic file first (File &gt; Open).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="757"/>
        <location filename="../widgets/mainwindow.cpp" line="767"/>
        <source>Phase %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="319"/>
        <source>Compare runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="319"/>
        <source>One of the runs has no recorded cases (no result.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="326"/>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="360"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="366"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="369"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="373"/>
        <source>Cu&amp;t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="374"/>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="375"/>
        <source>&amp;Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="376"/>
        <source>Select &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="378"/>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="380"/>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="380"/>
        <source>Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="382"/>
        <source>&quot;%1&quot; not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="386"/>
        <source>Find &amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="387"/>
        <source>No further match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="390"/>
        <source>R&amp;eplace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="392"/>
        <location filename="../widgets/mainwindow.cpp" line="394"/>
        <source>Replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="392"/>
        <source>Replace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="394"/>
        <source>Replace &quot;%1&quot; with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="396"/>
        <source>%n replacement(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="400"/>
        <source>&amp;Go to Line…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="402"/>
        <source>Go to line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="402"/>
        <source>Line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="412"/>
        <source>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;&lt;p&gt;PyTorch logic to a correct, measured and committed V0 GPU kernel.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="414"/>
        <source>Open a PyTorch logic file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="415"/>
        <source>Open a workspace to review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="416"/>
        <source>Open example (19_ReLU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="423"/>
        <source>Open example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="423"/>
        <source>The example 19_ReLU.py is not installed with this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="439"/>
        <source>&lt;b&gt;Recent&lt;/b&gt; (double-click; a workspace opens for review, nothing is re-run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="447"/>
        <source>workspace  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="447"/>
        <source>logic file  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="550"/>
        <source>The run was stopped: nothing of it is recorded. Run phase 4 again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="551"/>
        <source>Commit needs a passing quality gate (now %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="623"/>
        <source>Review: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="629"/>
        <source>Opened workspace %1 (%2): run phase 1 to run it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="648"/>
        <source>%1, %2, CPU dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="648"/>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="677"/>
        <source>Write the report first (Run &gt; Report).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="683"/>
        <source>Open a workspace or finish a run first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="757"/>
        <source>Phase %1 (%2) is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="767"/>
        <source>Run phase %1 (%2) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="771"/>
        <source>Settings changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="772"/>
        <source>GPU, framework, workspace or CPU dry run changed since phase 1: run phase 1 (Understand) again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="820"/>
        <source>Phase %1 (%2) running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="854"/>
        <source>Phase %1 (%2) failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="863"/>
        <source>Understood %1: framework %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="874"/>
        <source>%n record(s) consulted</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="876"/>
        <source> from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/mainwindow.cpp" line="878"/>
        <source>%n fallback sample(s): NOT matches for this problem; see the Knowledge panel.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="879"/>
        <source>Plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1020"/>
        <source>The quality gate is %1: the seed commits V0 only after the gate passes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1032"/>
        <source>Committed %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="911"/>
        <source>latency_us %1 (reference %2), primary case %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="913"/>
        <source>CPU dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="917"/>
        <source>Log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="919"/>
        <source>Next: Report, Memory, Commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="927"/>
        <source>Measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="934"/>
        <source>Phase %1 is running; wait for it to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="938"/>
        <source>No measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="938"/>
        <source>Run phase 4 (Measure) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="654"/>
        <location filename="../widgets/mainwindow.cpp" line="934"/>
        <location filename="../widgets/mainwindow.cpp" line="944"/>
        <location filename="../widgets/mainwindow.cpp" line="961"/>
        <location filename="../widgets/mainwindow.cpp" line="988"/>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="905"/>
        <source>Quality gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="906"/>
        <source>  why: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="910"/>
        <source>Harness: %1 (%2), %3 case(s); max rel_err %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="918"/>
        <source>Stopped: nothing is recorded; the workspace&apos;s records are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="920"/>
        <source>Next: Report and Memory record this failing run; Commit needs a passing gate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="929"/>
        <source>V0 measurement finished: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="944"/>
        <source>The run was stopped: it is not recorded, and the workspace&apos;s report and memory stay as they were. Run phase 4 again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="949"/>
        <source>Replace the passing record?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="950"/>
        <source>memory/v0.json and baseline_report.md record a PASSING run. This run&apos;s quality gate is %1.

Replace them with this run&apos;s records? (Only Commit keeps the passing version in git.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="953"/>
        <source>kept the passing record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="954"/>
        <source>Kept the passing record; nothing written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="988"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="991"/>
        <source>Report preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="997"/>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1005"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1020"/>
        <location filename="../widgets/mainwindow.cpp" line="1028"/>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1040"/>
        <source>Measurement running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1040"/>
        <source>A measurement is running. Stop it and quit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/mainwindow.cpp" line="1050"/>
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
        <location filename="../widgets/rooflineplot.cpp" line="63"/>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="64"/>
        <source>Performance (TFLOPS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="78"/>
        <source>Drag to pan, wheel to zoom, double-click to reset; right-click to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="79"/>
        <location filename="../widgets/rooflineplot.cpp" line="113"/>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="114"/>
        <source>No roofline yet: it is drawn with the report, after the V0 measurement (phase 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="180"/>
        <source>%1 FLOP/byte, %2 TFLOPS
roof here: %3 TFLOPS (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="182"/>
        <source>, %1 (measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="211"/>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="213"/>
        <source>Export as PNG, SVG or PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="214"/>
        <source>Export roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="215"/>
        <source>SVG (*.svg);;PNG (*.png);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="248"/>
        <source>Cannot export the roofline as &apos;%1&apos;: use .png, .svg or .pdf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="250"/>
        <source>Writing %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="259"/>
        <source>Roofline — %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="261"/>
        <source>%1, %2: peak %3 TFLOPS, datasheet bandwidth %4 TB/s, ridge point %5 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="264"/>
        <source>No roofs: the peak or the bandwidth is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="293"/>
        <source>Memory roof: %1 TB/s (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="297"/>
        <source>Measured ceiling: %1 TB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="300"/>
        <source>Compute roof: %1 TFLOPS (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="303"/>
        <source>Ridge point: %1 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="311"/>
        <source>%1 TB/s (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="314"/>
        <source>%1 TB/s (measured copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="316"/>
        <location filename="../widgets/rooflineplot.cpp" line="330"/>
        <source>%1 %2 TFLOPS (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="318"/>
        <source>ridge %1 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="328"/>
        <source>%1 roof: %2 TFLOPS (datasheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="336"/>
        <source>V0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="338"/>
        <source>(above its roof: check the measurement)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="356"/>
        <source>%1: intensity %2 FLOP/byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="356"/>
        <location filename="../widgets/rooflineplot.cpp" line="360"/>
        <source>no measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="359"/>
        <source>No measured point (%1): the dotted line marks the kernel&apos;s arithmetic intensity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="362"/>
        <source>The measured point is not drawn: intensity %1 FLOP/byte and %2 TFLOPS must both be positive on log axes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="366"/>
        <source>Compute roof: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="368"/>
        <source>Memory roof: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/rooflineplot.cpp" line="370"/>
        <source>Measured ceiling: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunConsole</name>
    <message>
        <location filename="../widgets/runconsole.cpp" line="40"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="43"/>
        <source>Raw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="68"/>
        <source>Stop the measurement (the process group is killed; the log is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="73"/>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="83"/>
        <source>Show the harness&apos;s protocol lines (CASE_START, CASE_RESULT, RESULT_JSON) as printed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="86"/>
        <source>Filter output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="138"/>
        <source>no run recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="138"/>
        <source>run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="139"/>
        <source>Review: the recorded run as written in %1; nothing was re-run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="151"/>
        <source>case %1/%2 </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="152"/>
        <source>▶ %1%2  shape %3  %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="156"/>
        <source>%1 %2  %3  shape %4  %5  rel_err %6  %7 µs (ref %8 µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="164"/>
        <source>■ harness result %1 (%2): %3 case(s), max rel_err %4, latency %5 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="169"/>
        <source>⚠ unreadable %1 line: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="271"/>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="307"/>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="307"/>
        <source>%1/%2 cases done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="310"/>
        <source>case %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="311"/>
        <source>case %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="314"/>
        <source> — timeout in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="314"/>
        <source> — over its %1 s timeout; the watchdog will stop it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="338"/>
        <source>%1 PASS (harness only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="327"/>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runconsole.cpp" line="327"/>
        <source>finished with failures</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunsModel</name>
    <message>
        <location filename="../widgets/runspanel.cpp" line="39"/>
        <source>no result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="41"/>
        <source>report, memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="50"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="51"/>
        <source>Harness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="52"/>
        <source>Cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="53"/>
        <source>Recorded in</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::RunsPanel</name>
    <message>
        <location filename="../widgets/runspanel.cpp" line="60"/>
        <source>Compare the two selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="69"/>
        <source>Double-click a run to review it; select two to compare their cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="106"/>
        <location filename="../widgets/runspanel.cpp" line="111"/>
        <location filename="../widgets/runspanel.cpp" line="122"/>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="116"/>
        <source>case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="116"/>
        <source>latency B/A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="116"/>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/runspanel.cpp" line="133"/>
        <source>Compare %1 → %2</source>
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
    <name>kwb::Verdict</name>
    <message>
        <location filename="../core/review/verdict.cpp" line="35"/>
        <source>Not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="36"/>
        <source>Running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="37"/>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="38"/>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="39"/>
        <source>TIMEOUT_FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="40"/>
        <source>Skeleton: kernel not implemented</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="41"/>
        <source>Dry run: not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="42"/>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/review/verdict.cpp" line="43"/>
        <source>Harness error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::VerdictBadge</name>
    <message>
        <location filename="../widgets/verdictbadge.cpp" line="34"/>
        <source>Quality gate: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kwb::WizardPanel</name>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="29"/>
        <source>Understand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="30"/>
        <source>Learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="31"/>
        <source>Implement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="32"/>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="43"/>
        <source>CPU dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="56"/>
        <source>File &gt; Open a PyTorch logic file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="63"/>
        <source>Target GPU: a spec-ledger id or alias, looked up exactly (never another GPU&apos;s numbers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="69"/>
        <location filename="../widgets/wizardpanel.cpp" line="200"/>
        <source>Policy default (Hopper → CuteDSL, CDNA3/CDNA4 → FlyDSL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="70"/>
        <source>CuteDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="71"/>
        <source>FlyDSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="72"/>
        <source>Triton (outside the seed&apos;s policy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="75"/>
        <source>./kernel_opt_&lt;name&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="77"/>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="78"/>
        <source>Choose the workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="80"/>
        <source>Workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="90"/>
        <source>Run the PyTorch reference on the CPU at reduced shapes: checks the flow, never a kernel measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="93"/>
        <source>Logic file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="94"/>
        <source>GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="95"/>
        <source>Framework:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="96"/>
        <source>Workspace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="108"/>
        <source>Not run yet. The records consulted appear in the Knowledge panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="116"/>
        <location filename="../widgets/wizardpanel.cpp" line="285"/>
        <source>Not run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="131"/>
        <source>Spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="132"/>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="133"/>
        <source>Probe the logic file on meta tensors: compute pattern, tensors, FLOPs and bytes, accuracy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="134"/>
        <source>Query the enabled knowledge tools for the exact GPU, framework and operator; write plans/v0_plan.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="135"/>
        <source>Generate reference.py, kernel.py and test_kernel.py. Edit them in the editor before measuring if you like.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="136"/>
        <source>One full-workload V0 measurement, then the report, memory/v0.json and the commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="155"/>
        <source>Run V0 measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="155"/>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="201"/>
        <source>Policy default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="245"/>
        <source>Review of %1 (nothing re-run)%2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="245"/>
        <source>, CPU dry run: not a measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="246"/>
        <source>  why: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="247"/>
        <source>  max rel_err: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="248"/>
        <source>  latency: %1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="249"/>
        <source>  bandwidth: %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="250"/>
        <source>  compute: %1 TFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="251"/>
        <source>  run: %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="251"/>
        <source> (not the recorded run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../widgets/wizardpanel.cpp" line="252"/>
        <source>Run the phases to measure again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

# Strict flags for every project target (not for third-party headers, which are SYSTEM).
# -Wnull-dereference is left out: at -O2 GCC 12 reports false positives from inlined nlohmann_json code.
# Warnings are errors in the dev and asan presets (and CI); the release preset, which users build in the
# quick start, keeps them as warnings so a newer compiler's new warning cannot stop an install.
add_library(kwb_warnings INTERFACE)
target_compile_options(kwb_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Woverloaded-virtual -Wconversion -Wsign-conversion -Wformat=2
  -Wimplicit-fallthrough)
if(KWB_WERROR)
  target_compile_options(kwb_warnings INTERFACE -Werror)
endif()
target_compile_definitions(kwb_warnings INTERFACE
  QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_USE_QSTRINGBUILDER QT_NO_FOREACH
  QT_NO_CONTEXTLESS_CONNECT QT_NO_URL_CAST_FROM_STRING)

# kwb_library(NAME SOURCES... LIBS...): one concept folder = one static library.
function(kwb_library name)
  cmake_parse_arguments(A "" "" "SOURCES;LIBS" ${ARGN})
  add_library(${name} STATIC ${A_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${A_LIBS} PRIVATE kwb_warnings)
endfunction()

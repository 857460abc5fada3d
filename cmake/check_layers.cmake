# The layers, checked at every build: the engine (core/) never includes Qt,
# the workbench (ui/) never includes TBB, and neither includes app/. Run as
#   cmake -DSOURCE_DIR=... -DSTAMP=... -P check_layers.cmake
# A violation fails the build with the file, the line and the rule.
set(include_prefix "#[ \t]*include[ \t]*[<\"]")
function(check_area area pattern message)
  file(GLOB_RECURSE files "${SOURCE_DIR}/${area}/*.h" "${SOURCE_DIR}/${area}/*.cpp")
  foreach(f IN LISTS files)
    file(STRINGS "${f}" lines REGEX "${include_prefix}${pattern}")
    foreach(line IN LISTS lines)
      file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
      set_property(GLOBAL APPEND_STRING PROPERTY layer_violations "  ${rel}: ${line}\n    (${message})\n")
    endforeach()
  endforeach()
endfunction()
check_area(core "(Q[A-Za-z]+|Qt[A-Za-z]+/[^>\"]*)[>\"]" "the engine (core/) must not include Qt")
check_area(core "(ui|app)/" "the engine (core/) must not include ui/ or app/")
check_area(ui "(tbb|oneapi)/" "the workbench (ui/) must not include TBB: the core hides it")
check_area(ui "app/" "the workbench (ui/) must not include app/")
get_property(violations GLOBAL PROPERTY layer_violations)
if(violations)
  message(FATAL_ERROR "Layer violations:\n${violations}")
endif()
file(WRITE "${STAMP}" "ok\n")

# Makes the example data set the UI tests open (the same as ./run.sh makes in
# resources/examples), in a folder of the build, so the tests never depend on
# data that only ./run.sh writes into the source tree. Run as
#   cmake -DCLI=ranklab-cli -DOUT=DIR -DWORKSPACE=example.ranklab -P make_example_data.cmake
if(EXISTS "${OUT}/example.ranklab" AND EXISTS "${OUT}/users.tsv")
  return()
endif()
file(MAKE_DIRECTORY "${OUT}")
execute_process(
  COMMAND "${CLI}" synth --out "${OUT}" --users 3000 --items 4000 --per-user 100 --seed 42
  RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ranklab-cli synth failed (${rc})")
endif()
file(COPY "${WORKSPACE}" DESTINATION "${OUT}")
message(STATUS "example data in ${OUT}")

# Every output reads back, every yes/no option takes yes and no, and a closed pipe is reported.
# Included from CMakeLists.txt (kt_cli_test and KT_PYTHON come from there).

# Text, JSON and SVG of every method, with blocked squares, ends and closed tours.
if(KT_PYTHON)
  add_test(NAME cli.outputs_read_back COMMAND ${KT_PYTHON}
    ${CMAKE_CURRENT_SOURCE_DIR}/read_back.py $<TARGET_FILE:knights>)
  set_tests_properties(cli.outputs_read_back PROPERTIES PASS_REGULAR_EXPRESSION "cases read back")
endif()

# --time-limit within 10% (and the process's start and end) in the searches and both counters.
# Timed, so `slow` (natively only; see the labels in CMakeLists.txt).
if(KT_PYTHON)
  add_test(NAME cli.time_limit COMMAND ${KT_PYTHON}
    ${CMAKE_CURRENT_SOURCE_DIR}/time_limit.py $<TARGET_FILE:knights>)
  set_tests_properties(cli.time_limit PROPERTIES
    PASS_REGULAR_EXPRESSION "runs stopped at their time limit")
endif()

# The README's examples of the tool run quickly and print what their comments say.
if(KT_PYTHON)
  add_test(NAME cli.readme_examples COMMAND ${KT_PYTHON}
    ${CMAKE_CURRENT_SOURCE_DIR}/readme_examples.py ${PROJECT_SOURCE_DIR}/README.md
    $<TARGET_FILE:knights>)
  set_tests_properties(cli.readme_examples PROPERTIES
    PASS_REGULAR_EXPRESSION "README examples do what they say")
endif()

# A stopped search's text reads as "not a tour" (exit 1), as its JSON does.
find_program(KT_BASH bash)
if(KT_BASH)
  add_test(NAME cli.stopped_text_not_a_tour COMMAND ${KT_BASH} -c
    [=["$0" solve --size 8 --method textbook --max-steps 100 2>/dev/null | "$0" verify; echo "exit=$?"]=]
    $<TARGET_FILE:knights>)
  set_tests_properties(cli.stopped_text_not_a_tour PROPERTIES
    PASS_REGULAR_EXPRESSION "not a knight's tour[^\n]*\nexit=1\n")
  # A reader that stops early: one line and exit 1, not a silent death by SIGPIPE (141).
  add_test(NAME cli.closed_pipe COMMAND ${KT_BASH} -c
    [=["$0" solve --size 300 --format json 2>err.txt | head -c 10 >/dev/null; echo "exit=${PIPESTATUS[0]}"; cat err.txt]=]
    $<TARGET_FILE:knights>)
  set_tests_properties(cli.closed_pipe PROPERTIES
    PASS_REGULAR_EXPRESSION "exit=1\n(.*\n)*knights: cannot write the output")
endif()

# --closed=false is an open tour; --closed=junk is refused by every command that takes it.
kt_cli_test(closed_false CODE 0 STDOUT "\"closed\": false"
  ARGS solve --size 5 --closed=false --format summary)
kt_cli_test(closed_off CODE 0 STDOUT "\"closed\": false"
  ARGS solve --size 6 --closed=off --format summary)
kt_cli_test(closed_yes CODE 0 STDOUT "\"closed\": true"
  ARGS solve --size 6 --closed=yes --format summary)
foreach(command solve count estimate trace)
  kt_cli_test(closed_junk_${command} CODE 2 ONE_LINE STDERR "closed: 'junk' is not true or false"
    ARGS ${command} --size 5 --closed=junk)
endforeach()

# A tour with a blocked square, piped back: the blocked square reads as '.', not 0.
if(KT_BASH)
  add_test(NAME cli.blocked_text_verifies COMMAND ${KT_BASH} -c
    [=["$0" solve --size 5 --start 1,1 --blocked 3,3 2>/dev/null | "$0" verify; echo "exit=$?"]=]
    $<TARGET_FILE:knights>)
  set_tests_properties(cli.blocked_text_verifies PROPERTIES
    PASS_REGULAR_EXPRESSION "an open knight's tour[^\n]*\nexit=0\n")
endif()

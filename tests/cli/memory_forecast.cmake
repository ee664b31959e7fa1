# Counting by rows within its forecast: a thin strip counted under `prlimit --as` at the
# forecast it prints, and under half of it stopped with a message (never std::bad_alloc).
#   cmake -DKNIGHTS=... -DPRLIMIT=... -P memory_forecast.cmake
# tests/cli/CMakeLists.txt adds it (not under the sanitizers: their shadow memory needs
# terabytes of address space).
if(NOT DEFINED KNIGHTS OR NOT DEFINED PRLIMIT)
  message(FATAL_ERROR "usage: cmake -DKNIGHTS=... -DPRLIMIT=... -P memory_forecast.cmake")
endif()
# 5 x 100 closed: a long strip, counted by periods with counts of 400 bits (about 2 s).
set(strip count --rows 5 --cols 100 --closed --counter rows --threads 1 --format json)

function(run_knights prefix)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REPLACE ";" " " shown "${ARGN}")
  set(${prefix}_code "${code}" PARENT_SCOPE)
  set(${prefix}_out "${out}" PARENT_SCOPE)
  set(${prefix}_err "${err}" PARENT_SCOPE)
  set(${prefix}_context "${shown}\n--- exit ${code}\n--- stdout:\n${out}\n--- stderr:\n${err}"
    PARENT_SCOPE)
endfunction()

# The forecast, from a first run (its JSON's "forecast_bytes"), with the count to compare.
run_knights(free ${KNIGHTS} ${strip})
if(NOT free_code EQUAL 0 OR NOT free_out MATCHES "\"forecast_bytes\": ([0-9]+)")
  message(FATAL_ERROR "no forecast\n${free_context}")
endif()
set(forecast ${CMAKE_MATCH_1})
if(NOT free_out MATCHES "^{\"count\": (\"[0-9]+\")")
  message(FATAL_ERROR "no count\n${free_context}")
endif()
set(count ${CMAKE_MATCH_1})

# At the forecast. The forecast is of resident memory; --as limits the address space, which
# also holds the parts of the program's libraries that are mapped but never read (about 4 MB
# measured): 8 MB is allowed for them.
math(EXPR limit "${forecast} + 8000000")
run_knights(at ${PRLIMIT} --as=${limit} ${KNIGHTS} ${strip})
if(NOT at_code EQUAL 0 OR NOT at_out MATCHES "^{\"count\": ${count}, \"complete\": true")
  message(FATAL_ERROR "expected the count within ${limit} bytes of address space "
    "(forecast ${forecast})\n${at_context}")
endif()

# Under half of it the system refuses memory before the default --memory-limit: a message that
# says so, exit 1.
math(EXPR limit "${forecast} / 2")
run_knights(under ${PRLIMIT} --as=${limit} ${KNIGHTS} ${strip})
if(NOT under_code EQUAL 1 OR NOT under_err MATCHES "ran out of memory \\(forecast about "
   OR under_err MATCHES "bad_alloc")
  message(FATAL_ERROR "expected a message on running out of memory\n${under_context}")
endif()
message(STATUS "forecast ${forecast} bytes; counted within ${forecast} + 8 MB of address space")

# Catch2 v2 for native and Emscripten builds.
#
#   include(CTest)                    # or enable_testing()
#   include(cmake/Catch2.cmake)
#   kt_add_catch_test(core_tests test_a.cpp test_b.cpp)
#   target_link_libraries(core_tests PRIVATE kt_core)
#
# Uses Debian's catch2 package (header + /usr/lib/cmake/Catch2), else FetchContent v2.13.10.
# find_package(Catch2) is not used: it is blocked when cross compiling with emcmake.
include_guard(GLOBAL)

set(KT_CATCH2_HEADER "/usr/include/catch2/catch.hpp" CACHE FILEPATH "Catch2 v2 single header")
set(KT_CATCH2_CMAKE_DIR "/usr/lib/cmake/Catch2" CACHE PATH "Dir holding Catch2's Catch.cmake")

set(_kt_catch2_inc "${CMAKE_BINARY_DIR}/_deps/catch2")
if(EXISTS "${KT_CATCH2_HEADER}" AND EXISTS "${KT_CATCH2_CMAKE_DIR}/Catch.cmake")
  # Copy the header into the build tree: adding /usr/include as an include dir would pull host
  # headers into Emscripten builds.
  configure_file("${KT_CATCH2_HEADER}" "${_kt_catch2_inc}/catch2/catch.hpp" COPYONLY)
  list(APPEND CMAKE_MODULE_PATH "${KT_CATCH2_CMAKE_DIR}")
else()
  include(FetchContent)
  message(STATUS "Catch2: system package missing, fetching v2.13.10 from GitHub")
  FetchContent_Declare(catch2
    GIT_REPOSITORY https://github.com/catchorg/Catch2.git
    GIT_TAG v2.13.10
    GIT_SHALLOW TRUE
    SOURCE_SUBDIR _kt_no_cmake)  # download only: don't add_subdirectory Catch2's own project
  FetchContent_MakeAvailable(catch2)
  configure_file("${catch2_SOURCE_DIR}/single_include/catch2/catch.hpp"
    "${_kt_catch2_inc}/catch2/catch.hpp" COPYONLY)
  list(APPEND CMAKE_MODULE_PATH "${catch2_SOURCE_DIR}/contrib")
endif()
include(Catch)  # catch_discover_tests()

add_library(kt_catch2 INTERFACE)
target_include_directories(kt_catch2 SYSTEM INTERFACE "${_kt_catch2_inc}")
target_compile_features(kt_catch2 INTERFACE cxx_std_11)

if(EMSCRIPTEN)
  # Without exception catching the first failing REQUIRE aborts the whole run. Code under test
  # that throws should be compiled with -fexceptions too.
  target_compile_options(kt_catch2 INTERFACE -fexceptions)
  target_link_options(kt_catch2 INTERFACE -fexceptions
    -sENVIRONMENT=node -sNODERAWFS=1 -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1
    "SHELL:--pre-js ${CMAKE_CURRENT_LIST_DIR}/node-prejs.js")
  # emcmake's default emulator ("node;--experimental-wasm-threads") is rejected by node 20,
  # after which ctest silently finds no tests: set node per test target instead.
  find_program(KT_NODE_EXECUTABLE NAMES node nodejs REQUIRED)
endif()

# Catch2's main in its own translation unit, compiled once and shared by all tests. It is
# Catch2's own machinery, not code under test: -O1 and no sanitizers make it 7-15 s to compile
# instead of 40-115 s, the longest single step of every build, at no cost to what is tested.
add_library(kt_catch2_main OBJECT "${CMAKE_CURRENT_LIST_DIR}/catch2_main.cpp")
target_link_libraries(kt_catch2_main PUBLIC kt_catch2)
target_compile_options(kt_catch2_main PRIVATE -O1 -g0
  $<$<CXX_COMPILER_ID:Clang>:-fno-sanitize=all>)

set(_KT_CATCH2_PREJS "${CMAKE_CURRENT_LIST_DIR}/node-prejs.js" CACHE INTERNAL "")

# kt_add_catch_test(<target> <sources>...): Catch2 test executable. Natively, one ctest test
# per case, labelled `quick`; `slow` for cases tagged [slow]; `heavy` for cases tagged [heavy]:
# seconds natively, tens of seconds under node, minutes under the sanitizers (the code they walk
# is the quick cases' code, many times). Only the native preset runs slow and heavy cases.
# Under node (Emscripten), one ctest test per source file runs its quick cases: each node
# process spends about 0.3 s loading the test binary, which one test per case paid 250 times.
function(kt_add_catch_test target)
  add_executable(${target} ${ARGN})
  target_link_libraries(${target} PRIVATE kt_catch2_main kt_catch2)
  # Every test file includes Catch2's single header (about 18,000 lines): parse it once.
  target_precompile_headers(${target} PRIVATE <catch2/catch.hpp> <string> <vector>)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  if(EMSCRIPTEN)
    set_target_properties(${target} PROPERTIES
      CROSSCOMPILING_EMULATOR "${KT_NODE_EXECUTABLE}"
      LINK_DEPENDS "${_KT_CATCH2_PREJS}")
    # The code is compiled at -O3 already; binaryen's -O3 pass over a whole test binary took
    # 35-70 s a link and gains little under node.
    target_link_options(${target} PRIVATE -O1)
    foreach(source ${ARGN})
      get_filename_component(name ${source} NAME_WE)
      # -# tags each case with its file's name ([#name]); ~[slow]~[heavy] leaves those out,
      # ~[.] the cases run by hand (a file's tag would take them in).
      add_test(NAME ${target}.${name} COMMAND ${target} "-#" "[#${name}]~[slow]~[heavy]~[.]")
      set_tests_properties(${target}.${name} PROPERTIES LABELS quick)
    endforeach()
    return()
  endif()
  # [.]: cases run by hand only (named on the command line), never by ctest.
  catch_discover_tests(${target} TEST_SPEC "~[slow]~[heavy]~[.]" PROPERTIES LABELS quick)
  foreach(tag slow heavy)
    foreach(source ${ARGN})
      file(READ ${source} text)
      if(text MATCHES "\\[${tag}\\]")
        catch_discover_tests(${target} TEST_SPEC "[${tag}]" PROPERTIES LABELS ${tag})
        break()
      endif()
    endforeach()
  endforeach()
endfunction()

# Checks that core/'s folders include one another in one direction only (core/CMakeLists.txt
# defines the layers). Run as a script:
#   cmake -DCORE_DIR=<core folder> -DTABLE=<core_layers.txt> -P check_layers.cmake
# TABLE holds a line "<folder>: <folder> <lower folder>..." per folder: the folders whose
# headers the folder's files may include. Every quoted #include in core/ must name its folder
# ("search/search.hpp"), and that folder must be on its file's line. Fails naming every file and
# include that breaks the rule.
cmake_minimum_required(VERSION 3.20)  # policies for a script run with -P (IN_LIST)
if(NOT CORE_DIR OR NOT TABLE)
  message(FATAL_ERROR "usage: cmake -DCORE_DIR=<dir> -DTABLE=<file> -P check_layers.cmake")
endif()

get_filename_component(CORE_DIR "${CORE_DIR}" ABSOLUTE)
file(STRINGS ${TABLE} _lines)
set(_layers "")
foreach(_line ${_lines})
  if(_line MATCHES "^([a-z_]+):(.*)$")
    set(_folder ${CMAKE_MATCH_1})
    string(STRIP "${CMAKE_MATCH_2}" _sees)
    string(REPLACE " " ";" _sees "${_sees}")
    set(_sees_${_folder} ${_sees})
    list(APPEND _layers ${_folder})
  endif()
endforeach()

file(GLOB_RECURSE _files RELATIVE ${CORE_DIR} ${CORE_DIR}/*.cpp ${CORE_DIR}/*.hpp)
list(SORT _files)
set(_errors "")
set(_checked 0)
foreach(_file ${_files})
  string(REGEX REPLACE "/.*" "" _folder "${_file}")
  if(NOT _folder IN_LIST _layers)
    string(APPEND _errors "  core/${_file}: core/${_folder} is not a layer of core/CMakeLists.txt\n")
    continue()
  endif()
  file(READ ${CORE_DIR}/${_file} _text)
  string(REGEX MATCHALL "\n[ \t]*#[ \t]*include[ \t]*\"[^\"\n]*\"" _includes "\n${_text}")
  foreach(_include ${_includes})
    string(REGEX REPLACE ".*\"([^\"]*)\"" "\\1" _header "${_include}")
    math(EXPR _checked "${_checked} + 1")
    if(NOT _header MATCHES "^([a-z_]+)/")
      string(APPEND _errors "  core/${_file}: #include \"${_header}\" names no core/ folder "
                            "(write \"<folder>/<file>\")\n")
    elseif(NOT CMAKE_MATCH_1 IN_LIST _sees_${_folder})
      string(REPLACE ";" ", " _may "${_sees_${_folder}}")
      string(APPEND _errors "  core/${_file}: #include \"${_header}\" goes up or sideways: "
                            "core/${_folder} may include only ${_may}\n")
    endif()
  endforeach()
endforeach()

if(_errors)
  message(FATAL_ERROR "core/ includes against its layers (core/CMakeLists.txt):\n${_errors}")
endif()
list(LENGTH _files _count)
message(STATUS "core/ layers: ${_checked} includes in ${_count} files, all downwards")

# nlohmann/json for core/ (native, fuzz and Emscripten builds): an INTERFACE target kt_json.
#
#   include(${PROJECT_SOURCE_DIR}/cmake/NlohmannJson.cmake)
#   target_link_libraries(kt_core PRIVATE kt_json)
#
# Uses Debian's nlohmann-json3-dev headers, else downloads the v3.11.2 single header. Either way
# the headers are copied into the build tree: adding /usr/include as an include dir would pull
# host headers into Emscripten builds (as in cmake/Catch2.cmake).
include_guard(GLOBAL)

set(KT_NLOHMANN_DIR "/usr/include/nlohmann" CACHE PATH "Directory holding nlohmann/json.hpp")

set(_kt_json_inc "${CMAKE_BINARY_DIR}/_deps/nlohmann")
if(EXISTS "${KT_NLOHMANN_DIR}/json.hpp")
  # The Debian header is split into many files under detail/: copy the whole directory.
  file(COPY "${KT_NLOHMANN_DIR}/" DESTINATION "${_kt_json_inc}/nlohmann")
else()
  include(FetchContent)
  message(STATUS "nlohmann/json: system package missing, fetching v3.11.2 json.hpp from GitHub")
  FetchContent_Declare(kt_nlohmann_json
    URL https://github.com/nlohmann/json/releases/download/v3.11.2/json.hpp
    URL_HASH SHA256=665fa14b8af3837966949e8eb0052d583e2ac105d3438baba9951785512cf921
    DOWNLOAD_NO_EXTRACT TRUE)
  FetchContent_MakeAvailable(kt_nlohmann_json)
  configure_file("${kt_nlohmann_json_SOURCE_DIR}/json.hpp" "${_kt_json_inc}/nlohmann/json.hpp"
    COPYONLY)
endif()

add_library(kt_json INTERFACE)
target_include_directories(kt_json SYSTEM INTERFACE "${_kt_json_inc}")
target_compile_features(kt_json INTERFACE cxx_std_11)

# Dear ImGui 1.86 + GLFW/OpenGL3 backends as a static library target `imgui`.
#
#   include(cmake/ImGui.cmake)
#   if(KT_BUILD_UI)  target_link_libraries(app PRIVATE imgui)  endif()
#
# Sources: IMGUI_DIR if set, else third_party/imgui (unpacked by scripts/setup.sh from Debian's
# source package), else FetchContent of upstream v1.86 (for machines that can reach GitHub).
# Native: links glfw + OpenGL. Emscripten: GLFW is built into Emscripten (-sUSE_GLFW=3); WebGL
# flags (-sUSE_WEBGL2=1 ...) are the app's business.
include_guard(GLOBAL)

if(EMSCRIPTEN)
  set(_kt_ui_default ON)
else()
  find_package(glfw3 3.3 QUIET)
  if(NOT TARGET glfw)  # no CMake package: try pkg-config
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND)
      pkg_check_modules(KT_GLFW3 QUIET IMPORTED_TARGET glfw3)
      if(KT_GLFW3_FOUND)
        add_library(glfw INTERFACE IMPORTED)
        target_link_libraries(glfw INTERFACE PkgConfig::KT_GLFW3)
      endif()
    endif()
  endif()
  find_package(OpenGL QUIET)
  if(TARGET glfw AND TARGET OpenGL::GL)
    set(_kt_ui_default ON)
  else()
    set(_kt_ui_default OFF)
  endif()
endif()
option(KT_BUILD_UI "Build the Dear ImGui front end (needs GLFW+OpenGL natively)" ${_kt_ui_default})

if(NOT KT_BUILD_UI)
  message(STATUS "ImGui: UI disabled (KT_BUILD_UI=OFF)")
  return()
endif()
if(NOT EMSCRIPTEN AND NOT (TARGET glfw AND TARGET OpenGL::GL))
  message(FATAL_ERROR "KT_BUILD_UI=ON but GLFW 3.3+/OpenGL not found (apt-get install libglfw3-dev)")
endif()

# Empty by default so that a later scripts/setup.sh run is picked up without clearing the cache.
set(IMGUI_DIR "" CACHE PATH "Dear ImGui 1.86 source dir (empty: third_party/imgui, else fetch)")
if(IMGUI_DIR)
  set(_kt_imgui_dir "${IMGUI_DIR}")
elseif(EXISTS "${PROJECT_SOURCE_DIR}/third_party/imgui/imgui.cpp")
  set(_kt_imgui_dir "${PROJECT_SOURCE_DIR}/third_party/imgui")
else()
  include(FetchContent)
  message(STATUS "ImGui: third_party/imgui missing, fetching v1.86 from GitHub")
  FetchContent_Declare(imgui
    GIT_REPOSITORY https://github.com/ocornut/imgui.git
    GIT_TAG v1.86
    GIT_SHALLOW TRUE)
  FetchContent_MakeAvailable(imgui)  # ImGui has no CMakeLists.txt: this only downloads
  set(_kt_imgui_dir "${imgui_SOURCE_DIR}")
endif()
if(NOT EXISTS "${_kt_imgui_dir}/backends/imgui_impl_glfw.cpp")
  message(FATAL_ERROR "ImGui: no ImGui sources with backends/ in '${_kt_imgui_dir}'")
endif()
message(STATUS "ImGui: using ${_kt_imgui_dir}")

add_library(imgui STATIC
  ${_kt_imgui_dir}/imgui.cpp
  ${_kt_imgui_dir}/imgui_draw.cpp
  ${_kt_imgui_dir}/imgui_tables.cpp
  ${_kt_imgui_dir}/imgui_widgets.cpp
  ${_kt_imgui_dir}/backends/imgui_impl_glfw.cpp
  ${_kt_imgui_dir}/backends/imgui_impl_opengl3.cpp)
# SYSTEM: consumers' -Wall -Wextra (-Werror) must not trip over ImGui headers.
target_include_directories(imgui SYSTEM PUBLIC ${_kt_imgui_dir} ${_kt_imgui_dir}/backends)
# Third-party code: silence warnings that a project-wide add_compile_options(-Wall ...) adds.
target_compile_options(imgui PRIVATE -w)
target_compile_features(imgui PUBLIC cxx_std_11)

if(EMSCRIPTEN)
  # No filesystem needed for ImGui (no imgui.ini); lets the app link with -sFILESYSTEM=0.
  target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_FILE_FUNCTIONS)
  # Download size: the page never shows ImGui's metrics/debug windows, and calls no
  # function kept only for old code.
  target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_METRICS_WINDOW
                                          IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
  # Link flag only: GLFW/glfw3.h is always in Emscripten's sysroot, and -sUSE_GLFW=3 at compile
  # time is "linker setting ignored during compilation" (an error under -Werror).
  target_link_options(imgui INTERFACE -sUSE_GLFW=3)
else()
  target_link_libraries(imgui PUBLIC glfw OpenGL::GL ${CMAKE_DL_LIBS})
endif()

# cmake -DINPUT=font.ttf -DOUTPUT=font_data.cpp -DUNICODES=U+0020-007E,U+00B7,... [-DSYMBOL=kt_font]
#   -P embed_font.cmake
# Writes the font's bytes as a C array (the page has no file system), and the characters it was
# cut to (KT_UI_FONT_UNICODES in CMakeLists.txt, the one list) as ImGui glyph ranges, so the
# subset and the ranges ImGui bakes cannot drift apart. Run by the build only when they change.
cmake_minimum_required(VERSION 3.20)
file(READ "${INPUT}" _hex HEX)
file(SIZE "${INPUT}" _size)
string(REGEX REPLACE "(..)" "0x\\1," _bytes "${_hex}")
# fontTools' list ("U+0020-007E,U+00B7") as first, last pairs.
string(REPLACE "," ";" _ranges "${UNICODES}")
set(_glyphs "")
foreach(_range IN LISTS _ranges)
  if(_range MATCHES "^U\\+([0-9A-Fa-f]+)-([0-9A-Fa-f]+)$")
    string(APPEND _glyphs "0x${CMAKE_MATCH_1}, 0x${CMAKE_MATCH_2}, ")
  elseif(_range MATCHES "^U\\+([0-9A-Fa-f]+)$")
    string(APPEND _glyphs "0x${CMAKE_MATCH_1}, 0x${CMAKE_MATCH_1}, ")
  else()
    message(FATAL_ERROR "embed_font.cmake: \"${_range}\" is not U+XXXX or U+XXXX-YYYY")
  endif()
endforeach()
if(NOT SYMBOL)
  set(SYMBOL kt_font)  # kt_font_ttf, kt_font_ttf_size, kt_font_glyphs
endif()
if(_glyphs STREQUAL "")
  message(FATAL_ERROR "embed_font.cmake: no UNICODES given")
endif()
file(WRITE "${OUTPUT}"
  "// Generated at build time by ui/embed_font.cmake from a subset of a DejaVu font (see\n"
  "// ui/fonts/LICENSE.txt). Do not edit.\n"
  "#include <imgui.h>\n"
  "extern const unsigned char ${SYMBOL}_ttf[] = {${_bytes}};\n"
  "extern const unsigned int ${SYMBOL}_ttf_size = ${_size};\n"
  "// The characters the subset holds, as ImGui glyph ranges (first, last, ..., 0).\n"
  "extern const ImWchar ${SYMBOL}_glyphs[] = {${_glyphs}0};\n")

# cmake -DINPUT=font.ttf -DOUTPUT=font_data.cpp -P embed_font.cmake
# Writes the font's bytes as a C array (the page has no file system). Run by the build only
# when the font changes.
cmake_minimum_required(VERSION 3.20)
file(READ "${INPUT}" _hex HEX)
file(SIZE "${INPUT}" _size)
string(REGEX REPLACE "(..)" "0x\\1," _bytes "${_hex}")
file(WRITE "${OUTPUT}"
  "// Generated at build time by ui/embed_font.cmake from a subset of DejaVu Sans (see\n"
  "// ui/fonts/LICENSE.txt). Do not edit.\n"
  "extern const unsigned char kt_font_ttf[] = {${_bytes}};\n"
  "extern const unsigned int kt_font_ttf_size = ${_size};\n")

# Run after the page is linked (web/CMakeLists.txt): puts the manifest and the icons in the
# site, then writes the service worker with the SHA-256 of every file the page can fetch and a
# version made from them, so that any change to the site makes a new sw.js (a new release the
# browser installs) and the worker can check each file it caches.
#   cmake -DSITE=<site folder> -DWEB=<the web/ folder> -P offline_site.cmake
cmake_minimum_required(VERSION 3.25)

file(MAKE_DIRECTORY ${SITE}/icons)
file(COPY_FILE ${WEB}/manifest.webmanifest ${SITE}/manifest.webmanifest ONLY_IF_DIFFERENT)
foreach(_icon icon.svg icon-192.png icon-512.png icon-maskable-512.png)
  file(COPY_FILE ${WEB}/icons/${_icon} ${SITE}/icons/${_icon} ONLY_IF_DIFFERENT)
endforeach()

# What a visit fetches, at once or later (the second part, the code font, the lesson, the
# course page and its embeds, the manifest and its icons, the counting worker's builds). A file the build did not make (an
# unsplit page has no index.deferred.wasm) is left out.
set(_files index.html index.js index.wasm index.deferred.wasm code-font.ttf lesson.js export.js
    saved_count.js
    lessons/backtracking.json course.html manifest.webmanifest icons/icon.svg icons/icon-192.png
    icons/icon-512.png icons/icon-maskable-512.png count_worker.js count_worker.wasm
    count_worker.worker.js count_worker.simd.js count_worker.simd.wasm
    count_worker.simd.worker.js)
set(_list "")
foreach(_f ${_files})
  if(EXISTS ${SITE}/${_f})
    file(SHA256 ${SITE}/${_f} _hash)
    string(APPEND _list "\n    \"${_f}\": \"${_hash}\",")
  endif()
endforeach()
string(SHA256 _version "${_list}")
string(SUBSTRING ${_version} 0 16 _version)

file(READ ${WEB}/sw.js _sw)
set(_marker "const BUILD = { version: 'unbuilt', files: {} };  // written by the build")
string(FIND "${_sw}" "${_marker}" _at)
if(_at LESS 0)
  message(FATAL_ERROR "web/sw.js: no line \"${_marker}\" to write the build's files into")
endif()
string(REPLACE "${_marker}"
  "const BUILD = {  // written by the build (web/offline_site.cmake)\n  version: '${_version}',\n  files: {${_list}\n  },\n};"
  _sw "${_sw}")
file(WRITE ${SITE}/sw.js.new "${_sw}")
file(COPY_FILE ${SITE}/sw.js.new ${SITE}/sw.js ONLY_IF_DIFFERENT)
file(REMOVE ${SITE}/sw.js.new)

# The counting worker (web/count_worker.cpp, web/opfs_save.cpp, web/count_worker_post.js): a module of its own,
# built with pthreads, that the page loads into a Web Worker only when it counts and is
# cross-origin isolated (web/worker_counter.cpp). The page's own module stays single-threaded,
# so its first frame's download is unchanged. Its core (the board and counting layers) is
# compiled again from the same sources: every object of a pthreads link must be compiled with
# -pthread (shared memory, atomics). kt_count_worker(<target> <output name> <compile options>...)
# writes <output name>.js, .wasm and .worker.js (the threads' script) into the site.
function(kt_count_worker target output)
  add_executable(${target} ${CMAKE_CURRENT_SOURCE_DIR}/count_worker.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/count_worker_build.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/count_worker_search.cpp ${CMAKE_CURRENT_SOURCE_DIR}/opfs_save.cpp)
  # Counting; the construction of huge tours with their verifier, and long searches (the
  # page's Run hands those to a worker: web/count_worker_build.cpp, web/count_worker_search.cpp).
  kt_compile_layers_into(${target} board counting verify theory construction search)
  # Full speed: the counts' loops are all this module does (-O3, as the page's counting files).
  target_compile_options(${target} PRIVATE ${KT_WARNINGS} -O3 -pthread ${ARGN})
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${output}
    SUFFIX ".js"
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/site
    LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/count_worker_post.js)
  # A pool of workers started with the module, so that the count's threads start at once: the
  # machine's threads and two more (the count's own thread runs beside its counting threads,
  # web/count_worker.cpp), so that none is started later: a `new Worker` in a worker, which
  # Firefox now and then never returns from (web/worker_counter.cpp). Memory: the page's count
  # takes at most kMaxPageCountMemoryMB (4000).
  target_link_options(${target} PRIVATE -O3 -pthread ${ARGN}
    "-sPTHREAD_POOL_SIZE=navigator.hardwareConcurrency+2"
    -sENVIRONMENT=worker -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sINITIAL_MEMORY=64MB
    -sFILESYSTEM=0 -Wno-pthreads-mem-growth
    "-sEXPORTED_FUNCTIONS=_kt_count_start,_kt_count_news,_kt_build_start,_kt_build_news,_kt_build_tour,_kt_search_start,_kt_search_stop,_kt_search_news,_kt_search_state_path,_kt_search_state_cursors,_malloc,_free"
    "-sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString"
    "SHELL:--post-js ${CMAKE_CURRENT_SOURCE_DIR}/count_worker_post.js")
  if(NOT CMAKE_CXX_LINKER_LAUNCHER AND EXISTS /usr/share/nodejs/acorn)
    set_target_properties(${target} PROPERTIES
      CXX_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=/usr/share/nodejs")
  endif()
  add_dependencies(kt_web ${target})  # in the site before the service worker's list is made
endfunction()

option(KT_COUNT_WORKER "Build the counting worker (counts on threads in isolated pages)" ON)
if(KT_COUNT_WORKER)
  kt_count_worker(kt_count_worker count_worker)
  # With WebAssembly SIMD (the compiler's vectorised loops), for browsers that have it: the page
  # picks it by feature detection (web/worker_counter.cpp), the plain build is the fallback.
  kt_count_worker(kt_count_worker_simd count_worker.simd -msimd128)
endif()

# BLIS as Debian ships it: one flavour per threading model, each in its own
# folder; the pthread flavour is used (hetla runs it single-threaded) and
# found at run time through an rpath, not the system-wide alternative.
set(HETLA_BLIS_DIR /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/blis-pthread CACHE PATH "BLIS library folder")
set(HETLA_BLIS_INCLUDE /usr/include/${CMAKE_LIBRARY_ARCHITECTURE}/blis-pthread CACHE PATH "BLIS header folder")
find_library(HETLA_BLIS_LIBRARY blis PATHS ${HETLA_BLIS_DIR} NO_DEFAULT_PATH REQUIRED)
find_path(HETLA_BLIS_HEADER blis.h PATHS ${HETLA_BLIS_INCLUDE} NO_DEFAULT_PATH REQUIRED)
add_library(hetla::blis INTERFACE IMPORTED)
target_link_libraries(hetla::blis INTERFACE ${HETLA_BLIS_LIBRARY} m)
target_include_directories(hetla::blis INTERFACE ${HETLA_BLIS_HEADER})
target_link_options(hetla::blis INTERFACE "LINKER:-rpath,${HETLA_BLIS_DIR}")

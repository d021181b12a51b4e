# Precision generation: a source tagged `@precisions normal z -> s d c` is
# written once; the build generates its twins with scripts/precgen.py into
# ${HETLA_GENERATED_DIR}/<the source's folder>, so they are never committed.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(HETLA_GENERATED_DIR ${CMAKE_BINARY_DIR}/generated)
set(HETLA_PRECGEN ${CMAKE_SOURCE_DIR}/scripts/precgen.py)

# hetla_generate_precisions(OUT_VAR SOURCES...): OUT_VAR receives each
# source (absolute) followed by the twins generated from it. Relative
# SOURCES are taken from the top of the source tree. Which twins a source
# has is read from its tag when cmake runs, so changing a tag needs cmake
# to run again; editing a tagged source only reruns precgen for it.
function(hetla_generate_precisions out_var)
  set(all)
  foreach(src IN LISTS ARGN)
    get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${CMAKE_SOURCE_DIR})
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${abs})
    get_filename_component(reldir ${rel} DIRECTORY)
    set(outdir ${HETLA_GENERATED_DIR}/${reldir})
    execute_process(
      COMMAND ${Python3_EXECUTABLE} ${HETLA_PRECGEN} --list -o ${outdir} ${abs}
      OUTPUT_VARIABLE twins OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "precgen failed on ${src}")
    endif()
    string(REPLACE "\n" ";" twins "${twins}")
    list(APPEND all ${abs})
    if(twins)
      add_custom_command(OUTPUT ${twins}
        COMMAND ${Python3_EXECUTABLE} ${HETLA_PRECGEN} -o ${outdir} ${abs}
        DEPENDS ${abs} ${HETLA_PRECGEN}
        COMMENT "precgen ${rel}" VERBATIM)
      # Configure-time generation too, so generated headers exist before
      # the first compile scans includes.
      execute_process(COMMAND ${Python3_EXECUTABLE} ${HETLA_PRECGEN} -o ${outdir} ${abs})
      list(APPEND all ${twins})
    endif()
  endforeach()
  set(${out_var} ${all} PARENT_SCOPE)
endfunction()

# The batched BLAS tests (included from tests/CMakeLists.txt): one program,
# the z source generating s, d and c, run with each CPU class and beside a
# simulated accelerator.
set(batch_dir ${CMAKE_CURRENT_SOURCE_DIR}/batch)
hetla_generate_precisions(batch_test_sources ${batch_dir}/ztest_batch.c)
add_executable(test_batch ${batch_dir}/test_batch.c ${batch_test_sources})
target_link_libraries(test_batch PRIVATE hetla_test_harness m)
target_include_directories(test_batch PRIVATE ${batch_dir} ${CMAKE_CURRENT_SOURCE_DIR})
foreach(setup native generic sim)
  add_test(NAME batch.${setup} COMMAND test_batch ${setup})
  set_tests_properties(batch.${setup} PROPERTIES LABELS quick TIMEOUT 120)
endforeach()
# Three CPU workers: complex GEMM and TRSM pack P2P and strided matrices
# where two call OpenBLAS per matrix (src/batch/zbatch_blas.c).
add_test(NAME batch.wide COMMAND test_batch wide gemm trsm)
set_tests_properties(batch.wide PROPERTIES LABELS quick TIMEOUT 120)
# On a simulated accelerator alone, the tests of what is staged: P2P
# operands (info, zero), groups and variable batches, large ones among
# them, which the calling thread and the context's crew stage where there
# is no CPU worker; the sanitizer builds run it too (scripts/test.sh),
# 10-20 times slower.
add_test(NAME batch.sim_alone COMMAND test_batch sim_alone info args vbatch zero vmixed vlarge)
set_tests_properties(batch.sim_alone PROPERTIES LABELS quick TIMEOUT 300)
# Beside an OpenCL device (PoCL where there is no other), in the opencl
# tier; skipped (77) where there is none: the variable batches and groups
# with the CPU, and GEMM and GEMV (every layout, P2P staged) on the OpenCL
# device alone, whose kernels they must have run.
if(TARGET hetla_opencl)
  add_test(NAME batch.cpu_opencl COMMAND test_batch native vbatch vmixed zero)
  add_test(NAME batch.opencl COMMAND test_batch native gemm gemv zero vbatch)
  foreach(t cpu_opencl opencl)
    string(REPLACE "_" "," devices ${t})
    set_tests_properties(batch.${t} PROPERTIES LABELS opencl TIMEOUT 600 SKIP_RETURN_CODE 77
      ENVIRONMENT "HETLA_MODULE_PATH=${CMAKE_BINARY_DIR}/lib/hetla;HETLA_DEVICES=${devices}")
  endforeach()
  add_dependencies(test_batch hetla_opencl)
endif()

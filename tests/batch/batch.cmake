# The batched BLAS tests (included from tests/CMakeLists.txt): one program,
# the z source generating s, d and c, run with each CPU class.
set(batch_dir ${CMAKE_CURRENT_SOURCE_DIR}/batch)
hetla_generate_precisions(batch_test_sources ${batch_dir}/ztest_batch.c)
add_executable(test_batch ${batch_dir}/test_batch.c ${batch_test_sources})
target_link_libraries(test_batch PRIVATE hetla_test_harness m)
target_include_directories(test_batch PRIVATE ${batch_dir} ${CMAKE_CURRENT_SOURCE_DIR})
foreach(setup native generic)
  add_test(NAME batch.${setup} COMMAND test_batch ${setup})
  set_tests_properties(batch.${setup} PROPERTIES LABELS quick TIMEOUT 120)
endforeach()

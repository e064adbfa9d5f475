# How a test is added (fmt's add_fmt_test), every test of the tree through one of the two functions
# below, never a bare add_test or gtest_discover_tests: every ctest name is `<folder>.<file>[.<case>]`, the
# test's folder under tests/ and its file without `_test` (tests/kernels/join_test.cpp is
# `kernels.join`), so that `ctest -R '^kernels\.'` runs a folder and `-R
# '^kernels\.join\.'` a file. A test file is named after the source or public header it
# tests (join_test.cpp for src/kernels/join/).

# nqueens_test(NAME COMMAND ... [LABELS ...] [TIMEOUT seconds] [ENVIRONMENT ...]): one test of a
# script or program, named as above.
function(nqueens_test name)
  cmake_parse_arguments(PARSE_ARGV 1 T "" "TIMEOUT" "COMMAND;LABELS;ENVIRONMENT")
  if(NOT name MATCHES "^[a-z0-9_]+\\.[a-z0-9_]+(\\.[A-Za-z0-9_]+)?$")
    message(FATAL_ERROR "test name '${name}' is not <folder>.<file>[.<case>] (tests/testing.cmake)")
  endif()
  add_test(NAME ${name} COMMAND ${T_COMMAND})
  if(T_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  endif()
  if(T_TIMEOUT)
    set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT})
  endif()
  if(T_ENVIRONMENT)
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "${T_ENVIRONMENT}")
  endif()
endfunction()

# nqueens_gtest(TARGET FOLDER FILES file... [PROPERTIES ...]): GoogleTest files of one test
# folder, compiled into TARGET (one executable may hold several folders: it builds as one unit),
# each case a test `<folder>.<file>.<Suite>.<Case>`. A file's cases are found by its suites (the
# first argument of each TEST, TEST_F and TEST_P in it), so a suite belongs to one file; the
# configure step fails when one is in two files of TARGET or a file has none.
function(nqueens_gtest)
  cmake_parse_arguments(PARSE_ARGV 0 G "" "TARGET;FOLDER" "FILES;PROPERTIES")
  get_property(seen TARGET ${G_TARGET} PROPERTY NQUEENS_GTEST_SUITES)
  foreach(file ${G_FILES})
    target_sources(${G_TARGET} PRIVATE ${file})
    get_filename_component(stem ${file} NAME_WE)
    string(REGEX REPLACE "_test$" "" stem "${stem}")
    file(STRINGS ${file} lines REGEX "^(TEST|TEST_F|TEST_P)\\([A-Za-z0-9_]+,")
    set(suites "")
    foreach(line ${lines})
      string(REGEX REPLACE "^TEST(_F|_P)?\\(([A-Za-z0-9_]+),.*" "\\2" suite "${line}")
      list(APPEND suites ${suite})
    endforeach()
    list(REMOVE_DUPLICATES suites)
    if(NOT suites)
      message(FATAL_ERROR "${file}: no TEST, TEST_F or TEST_P found (tests/testing.cmake)")
    endif()
    set(filter "")
    foreach(suite ${suites})
      if(suite IN_LIST seen)
        message(FATAL_ERROR "${file}: test suite ${suite} is also in another file of ${G_TARGET}")
      endif()
      list(APPEND seen ${suite})
      # Value-parameterized suites run as [Prefix/]Suite.Case/Param.
      list(APPEND filter "${suite}.*" "*/${suite}.*")
    endforeach()
    list(JOIN filter ":" filter)
    set(properties "")
    if(G_PROPERTIES)
      set(properties PROPERTIES ${G_PROPERTIES})
    endif()
    gtest_discover_tests(${G_TARGET} TEST_PREFIX "${G_FOLDER}.${stem}." TEST_FILTER "${filter}"
                         DISCOVERY_TIMEOUT 60 ${properties})
  endforeach()
  set_property(TARGET ${G_TARGET} PROPERTY NQUEENS_GTEST_SUITES "${seen}")
endfunction()

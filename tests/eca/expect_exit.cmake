# Runs PROGRAM with ARGS ("@"-separated) and checks its exit status is
# EXPECT_RC and its stderr matches EXPECT_ERR (a regular expression).
string(REPLACE "@" ";" _args "${ARGS}")
execute_process(COMMAND "${PROGRAM}" ${_args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "${EXPECT_RC}")
    message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_RC}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${EXPECT_ERR}")
    message(FATAL_ERROR "stderr does not match '${EXPECT_ERR}':\n${err}")
endif()
message(STATUS "ok: ${err}")

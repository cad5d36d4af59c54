// n8n's own logger would print every expected node error of the tests; CARGUS_TEST_LOGS=1 shows them.
if (!process.env.CARGUS_TEST_LOGS) process.env.N8N_LOG_LEVEL = 'silent';

import { configureOperatorApi } from '../lib/operator-api';

const testApiUrl = process.env.RENTORA_TEST_API_URL;
if (testApiUrl) configureOperatorApi({ baseUrl: testApiUrl });

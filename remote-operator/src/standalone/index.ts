// Development only (`npm run dev -w remote-operator`): the same async boundary as src/index.ts.
void import('./standalone-app');

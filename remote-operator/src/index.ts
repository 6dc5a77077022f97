// The async boundary lets the federation runtime settle shared singletons before any import runs.
void import('./bootstrap');

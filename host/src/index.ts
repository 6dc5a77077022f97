// The async boundary lets the federation runtime settle shared singletons before any import runs.
// It starts in a task of its own: evaluating the runtime and starting the app's chunks in one task
// kept a phone's main thread from input for longer than either alone.
setTimeout(() => void import('./bootstrap'));

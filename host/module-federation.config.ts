// Remotes are not known at build time: the host registers them from remotes.json when it starts.
export default {
  remotes: {},
  shareStrategy: 'loaded-first' as const,
};

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './BookRideModal': './src/exposed/book-ride-modal.tsx',
  },
};

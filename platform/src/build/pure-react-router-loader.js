/**
 * Rspack loader for react-router's production build (production-builds.ts). Its top-level React
 * calls (`createContext`, `forwardRef`, `memo`) carry no `@__PURE__` mark, and each result is given
 * a `displayName`, so no bundler may drop one the apps never use, nor what it reaches: `<Form>` and
 * the data router's submit code, its memoised data routes, contexts nobody reads. Marked pure,
 * and without the top-level names (React's developer tools are their only reader), they are
 * tree-shaken like the rest of the package.
 * @param {string} source
 * @returns {string}
 */
module.exports = function pureReactRouter(source) {
  return source
    .replace(/= (React\d*\.(?:createContext|forwardRef|memo)\()/g, '= /* @__PURE__ */ $1')
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
};

/*
 * Spec §8: an old browser gets the non-compatibility alert instead of a blank page. Plain ES5, loaded before the
 * app's module, so a browser too old to parse the bundle still runs it. The features checked arrived with the
 * engines the build targets (Vite's "baseline widely available"): modules, fetch, Array#at and #findLast,
 * Object.hasOwn, structuredClone and RegExp lookbehind (Safari before 16.4 lacks it).
 */
(function () {
  function hasLookbehind() {
    try {
      return new RegExp('(?<=a)b').test('ab');
    } catch (error) {
      return false;
    }
  }
  var supported =
    'noModule' in document.createElement('script') &&
    typeof window.fetch === 'function' &&
    typeof window.Promise === 'function' &&
    typeof window.structuredClone === 'function' &&
    typeof Array.prototype.at === 'function' &&
    typeof Array.prototype.findLast === 'function' &&
    typeof Object.hasOwn === 'function' &&
    hasLookbehind();
  if (supported) return;
  // main.tsx renders nothing in a browser marked so (one that parses the bundle yet lacks a feature it uses).
  document.documentElement.setAttribute('data-unsupported-browser', '');
  var alert = document.getElementById('unsupported-browser');
  if (alert) alert.removeAttribute('hidden');
})();

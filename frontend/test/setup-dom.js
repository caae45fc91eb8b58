// jsdom lacks a few browser APIs the components use.
import { TextDecoder, TextEncoder } from 'node:util';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;
// React Router encodes paths with these.
globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom has no media playback: a muted video that "plays" at once.
window.HTMLMediaElement.prototype.play = function play() {
  return Promise.resolve();
};
window.HTMLMediaElement.prototype.pause = function pause() {};
if (!URL.createObjectURL) {
  let objectUrls = 0;
  URL.createObjectURL = () => `blob:nexus/${++objectUrls}`;
  URL.revokeObjectURL = () => {};
}
// jsdom does not scroll.
window.scrollTo = () => {};

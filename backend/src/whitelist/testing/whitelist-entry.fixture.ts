/** The display settings of a whitelist entry nobody has set, as the API answers them. */
export const DEFAULT_DISPLAY = {
  hasAnimatedBackground: false,
  backgroundImageUrls: [],
  bubbleCount: 15,
  animationSpeed: 'medium',
  bubbleSize: 'medium',
  animationDirection: 'all',
};

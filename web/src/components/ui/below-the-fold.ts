/**
 * For a part of a page below a phone's first viewport: while it is off screen the browser skips its
 * style, layout and paint (content-visibility), and holds its place with a size it remembers once
 * drawn. A first visit's render after the first paint is then the visible part's work, not the
 * whole page's (issue 14, Total Blocking Time).
 */
export const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_24rem]';

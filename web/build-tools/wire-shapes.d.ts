// Types of build-tools/wire-shapes.js (read by eslint.config.js, which Node loads as plain JS).
export declare const wireShapeFiles: string[];
export declare const wireShapeViewFiles: string[];
export declare const wireShapeIgnores: string[];
export declare const wireShapeSelectors: { selector: string; message: string }[];
export declare const wireShapeViewSelectors: { selector: string; message: string }[];

/// <reference types="vite/client" />

declare const __GANTRY_BUILD_ID__: string;

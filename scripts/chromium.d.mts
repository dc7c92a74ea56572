export declare const chromiumPath: string;
export declare const chromiumFlags: string[];
export declare const lighthouseChromiumPath: string;

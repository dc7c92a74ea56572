// Types for scripts/auth-emulator.mjs, which the server's TypeScript test setup imports.
export declare const EMULATOR_PROJECT_ID: string;
export declare const DEFAULT_EMULATOR_HOST: string;
export interface DemoAccount {
  role: 'admin' | 'customer';
  email: string;
  password: string;
  displayName: string;
}
export declare const DEMO_ACCOUNTS: DemoAccount[];
export interface RunningEmulator {
  host: string;
  projectId: string;
  reused: boolean;
  stop(): Promise<void>;
}
export declare function isEmulatorUp(host?: string, projectId?: string): Promise<boolean>;
export declare function startAuthEmulator(options?: {
  dataDir?: string;
  quiet?: boolean;
  isolated?: boolean;
  timeoutMs?: number;
}): Promise<RunningEmulator>;
export declare function ensureDemoAccounts(
  host?: string,
  projectId?: string,
): Promise<DemoAccount[]>;

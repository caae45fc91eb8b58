/** Test slots: own database, dev chains, ports and state folder per slot (see slots.mjs). */
export declare const SLOT_STRIDE: number;
export declare function baseSlot(env?: NodeJS.ProcessEnv): number;
export declare function suiteSlots(workers: number, env?: NodeJS.ProcessEnv): number[];
export declare function workerSlot(workerId: number, env?: NodeJS.ProcessEnv): number;
export declare function slotResources(
  slot: number,
  root?: string,
): {
  stateDir: string;
  databaseUrl: string;
  ports: { ethereum: number; polygon: number; cronos: number; gateway: number };
};
export declare function testArtifactsDir(root?: string): string;

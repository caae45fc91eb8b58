/** Which folder of `root`/backend/src imports which (platform folders as `platform/<name>`). */
export function folderGraph(root: string): Map<string, Set<string>>;
/** Groups of folders that reach each other through their imports. */
export function cycles(graph: Map<string, Set<string>>): string[][];

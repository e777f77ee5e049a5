#!/usr/bin/env node
export {};
//# sourceMappingURL=bin.d.mts.map
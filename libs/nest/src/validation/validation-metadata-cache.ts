import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage> & { copytradeMetadataCache?: true };
type Lookup = Storage['getTargetValidationMetadatas'];

/**
 * class-validator looks up a class's rules on every object it validates by scanning every class it knows (for
 * inherited rules): a batch of 500 orders is ~1,000 scans, and every consumed event one more. The answer only
 * changes when rules are added (a class is declared), so it is kept per class and arguments until then.
 * Idempotent; process-wide (class-validator's storage is one global).
 */
export function cacheValidationMetadata(): void {
  const storage = getMetadataStorage() as Storage;
  if (storage.copytradeMetadataCache) return;
  storage.copytradeMetadataCache = true;
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let cache = new WeakMap<object, Map<string, ReturnType<Lookup>>>();
  storage.addValidationMetadata = (metadata) => {
    cache = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = JSON.stringify([schema, always, strictGroups, groups ?? null]);
    let byArguments = cache.get(target);
    if (!byArguments) cache.set(target, (byArguments = new Map()));
    let metadatas = byArguments.get(key);
    if (!metadatas) byArguments.set(key, (metadatas = lookup(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
}

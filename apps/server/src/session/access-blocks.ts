import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../db/database.ts';
import type { Clock } from '../stores/clock.ts';
import type { PubSub } from '../stores/pubsub.ts';
import * as store from './store.ts';
import type { AccessBlockKind } from './tables.ts';

/** How long a node trusts its copy of a site's blocks; a change also reaches every node at once. */
export const accessBlocksTtlMs = 10_000;
const accessBlocksChangedChannel = 'access-blocks-changed';

interface SiteBlocks {
  devices: Set<string>;
  ips: Set<string>;
  networks: BlockList;
  /** A `BlockList` check costs more than the rest of the guard; most sites block no network. */
  hasNetworks: boolean;
}

/**
 * Operator blocks of devices, addresses and networks, checked on every API call: each node
 * keeps a site's blocks in memory (networks in a `BlockList`) so the check costs no query.
 */
export async function createAccessBlocks(deps: { db: Db; pubsub: PubSub; clock: Clock }) {
  const sites = new Map<number, { loadedAtMs: number; blocks: Promise<SiteBlocks> }>();
  const unsubscribe = await deps.pubsub.subscribe(accessBlocksChangedChannel, (message) => {
    sites.delete(Number(message));
  });

  const blocksOf = (siteId: number): Promise<SiteBlocks> => {
    const now = deps.clock.now();
    const cached = sites.get(siteId);
    if (cached && now - cached.loadedAtMs < accessBlocksTtlMs) {
      return cached.blocks;
    }
    const entry = { loadedAtMs: now, blocks: loadBlocks(deps.db, siteId) };
    sites.set(siteId, entry);
    entry.blocks.catch(() => {
      if (sites.get(siteId) === entry) {
        sites.delete(siteId);
      }
    });
    return entry.blocks;
  };

  return {
    /** The strongest block matching this device or address: device, then IP, then network. */
    async kindFor(siteId: number, deviceUuid: string, ip: string): Promise<AccessBlockKind | undefined> {
      const blocks = await blocksOf(siteId);
      if (blocks.devices.has(deviceUuid)) {
        return 'device';
      }
      if (blocks.ips.has(ip)) {
        return 'ip';
      }
      return blocks.hasNetworks && isInNetworks(blocks.networks, ip) ? 'network' : undefined;
    },
    /** Drops this node's copy at once; other nodes drop theirs when the message reaches them. */
    async changed(siteId: number) {
      sites.delete(siteId);
      await deps.pubsub.publish(accessBlocksChangedChannel, String(siteId));
    },
    close: unsubscribe,
  };
}

export type AccessBlocks = Awaited<ReturnType<typeof createAccessBlocks>>;

async function loadBlocks(db: Db, siteId: number): Promise<SiteBlocks> {
  const blocks: SiteBlocks = {
    devices: new Set(),
    ips: new Set(),
    networks: new BlockList(),
    hasNetworks: false,
  };
  for (const row of await store.listAccessBlocks(db, siteId)) {
    if (row.kind === 'device') {
      blocks.devices.add(row.value);
    } else if (row.kind === 'ip') {
      blocks.ips.add(row.value);
    } else {
      blocks.hasNetworks = addNetwork(blocks.networks, row.value) || blocks.hasNetworks;
    }
  }
  return blocks;
}

/** Adds a CIDR network; false when the stored value is not one. */
function addNetwork(networks: BlockList, cidr: string): boolean {
  const [address = '', prefixText = ''] = cidr.split('/');
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  const prefix = Number(prefixText);
  if (!family || !Number.isInteger(prefix)) {
    return false;
  }
  networks.addSubnet(address, prefix, family);
  return true;
}

function isInNetworks(networks: BlockList, ip: string): boolean {
  if (isIPv4(ip)) {
    return networks.check(ip, 'ipv4');
  }
  return isIPv6(ip) && networks.check(ip, 'ipv6');
}

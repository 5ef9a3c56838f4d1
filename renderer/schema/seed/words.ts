/** Words plausible demo names are made of. */
export const WORDS = ['Alpha', 'Beacon', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Keystone', 'Lumen', 'Maple', 'Nimbus', 'Orchid', 'Pioneer', 'Quartz', 'Raven', 'Summit', 'Tundra'];

export const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

import { createRegistries } from '../renderer/registry/registries.ts';
import { registerCustom } from './custom/register.ts';

/** The app's one set of type registries: the renderer's built-ins and the app's custom components and handlers, registered once. */
export const registries = registerCustom(createRegistries());

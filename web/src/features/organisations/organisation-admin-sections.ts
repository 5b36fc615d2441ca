import { createContext, use, useContext, type ComponentType } from 'react';
import type { Organisation } from '../../../../shared/organisations/organisations.contract';

/**
 * A part of an organisation's screen only the portal's admins see (its History), contributed by an admin
 * feature the way the user detail's sections are: the feature declares it, the app gathers them and hands
 * the page a way to load them, so a customer's chunks never carry them and they load only when a portal
 * admin opens an organisation. A section renders its own heading.
 */
export type OrganisationAdminSection = ComponentType<{ organisation: Organisation }>;

/** A feature's sections of an organisation's screen for the portal's admins, typed. */
export const declareOrganisationAdminSections = (sections: readonly OrganisationAdminSection[]): readonly OrganisationAdminSection[] => sections;

/** Loads the contributed sections: the same promise at every call. */
export type OrganisationAdminSectionsLoader = () => Promise<readonly OrganisationAdminSection[]>;

const NONE: Promise<readonly OrganisationAdminSection[]> = Promise.resolve([]);
const Sections = createContext<OrganisationAdminSectionsLoader>(() => NONE);

/** Where the app hands the organisation's screen the loader of the gathered sections. */
export const OrganisationAdminSectionsProvider = Sections.Provider;

/** The sections the admin features contribute (the caller suspends until they are loaded). */
export const useOrganisationAdminSections = () => use(useContext(Sections)());

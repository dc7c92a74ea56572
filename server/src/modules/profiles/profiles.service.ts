import type { Profile, SaveProfile } from '@toolworks/contract/profiles';
import { AppError } from '../../lib/app-error.js';
import type { Store, UserRecord } from '../../store/store.js';

export function createProfilesService(store: Pick<Store, 'profiles'>) {
  return {
    /**
     * Null when nothing was saved yet: an ordinary state of every new account, so a 200 (as the
     * spec's server answered a findOne that found nothing), not a 404 in every browser console.
     */
    async get(email: string): Promise<Profile | null> {
      return store.profiles.get(email.trim().toLowerCase());
    },

    /**
     * Upserts the caller's own details. The record's email is the caller's, always: a body that
     * names someone else is refused outright (403) rather than quietly rewritten, so a client bug
     * or a spoof shows up instead of looking like a successful save of another person's data.
     */
    async saveOwn(caller: UserRecord, input: SaveProfile): Promise<Profile> {
      const email = caller.email.toLowerCase();
      if (input.email_address !== undefined && input.email_address.toLowerCase() !== email) {
        throw AppError.forbidden('You can only save your own details');
      }
      return store.profiles.upsert({
        name: input.name,
        email_address: email,
        LinkedIn_profile_link: input.LinkedIn_profile_link,
        country: input.country,
        street_address: input.street_address,
        city: input.city,
        state: input.state,
        phone: input.phone,
        company_name: input.company_name,
        vat_id: input.vat_id,
        delivery_address: input.delivery_address,
        postal_code: input.postal_code,
      });
    },
  };
}

import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  GetProfileParamsSchema,
  SaveProfileSchema as SharedSaveProfileSchema,
} from '@toolworks/contract/profiles';
import { assertSelfOrAdmin, currentUser, requireUser } from '../../auth/index.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import { withVatIdCheck } from '../tax/index.js';

// A member state's VAT ID with a wrong format or check digit is refused as it is typed.
const SaveProfileSchema = withVatIdCheck(SharedSaveProfileSchema, 'vat_id');
import { createProfilesService } from './profiles.service.js';

/** My Profile: a user's own details; admins may read anyone's. Paths are relative to /api. */
export function profilesRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const profiles = createProfilesService(deps.store);
  const router = Router();

  router.get('/userDetails/:email', requireUser(deps), async (req, res) => {
    const { email } = parseParams(GetProfileParamsSchema, req);
    assertSelfOrAdmin(req, email);
    res.json(await profiles.get(email));
  });

  router.post('/addUser', requireUser(deps), async (req, res) => {
    const input = parseBody(SaveProfileSchema, req);
    res.json(await profiles.saveOwn(currentUser(req), input));
  });

  return router;
}

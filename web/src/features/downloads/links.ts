import { getConfig } from '../../config';

/**
 * Where the Download page's guide links go: the deployment's settings in /config.json (CDK context
 * `guidesUrl`, `raspberryPiGuideUrl`), never an address written into the build. A link without its
 * setting is not shown.
 */
export function guideLinks(): { guides?: string; raspberryPi?: string } {
  const { guidesUrl, raspberryPiGuideUrl } = getConfig();
  return { guides: guidesUrl, raspberryPi: raspberryPiGuideUrl };
}

// The end-to-end tests drive Debian's Chromium; a browser is never downloaded
// from anywhere else. Installs it when missing and we are allowed to (root).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromium}. Install Debian's package: sudo apt-get install chromium`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium…");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}

// Its headless shell (the same engine without the windowing layer) runs the suite a fifth
// faster; the suite uses it when installed and the browser otherwise.
if (
  !process.env.CHROMIUM_PATH &&
  !existsSync('/usr/lib/chromium/chromium-headless-shell') &&
  process.getuid?.() === 0
) {
  console.log("Installing Debian's chromium-headless-shell…");
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
    { stdio: 'inherit' },
  );
}

// Single sign-on is tested against SimpleSAMLphp from Debian's packages, on PHP's built-in server.
const simpleSamlPhp = '/usr/share/simplesamlphp/www';
if (!existsSync(simpleSamlPhp) || !existsSync('/usr/bin/php')) {
  if (process.getuid?.() !== 0) {
    console.error(
      "SimpleSAMLphp is missing. Install Debian's packages: sudo apt-get install simplesamlphp php-cli php-xml php-mbstring",
    );
    process.exit(1);
  }
  console.log("Installing Debian's simplesamlphp…");
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends simplesamlphp php-cli php-xml php-mbstring',
    { stdio: 'inherit' },
  );
}

/* global navigator, document, location */
// §5: Internet Explorer below 11 cannot run the app; send it to a browser suggestion page.
// IE 6-10 say "MSIE n" in the user agent (IE 11 does not); documentMode catches compatibility views.
// A file rather than an inline script, so the Content-Security-Policy needs no 'unsafe-inline' for scripts.
(function () {
  var m = /MSIE (\d+)/.exec(navigator.userAgent);
  if ((m && +m[1] < 11) || (document.documentMode && document.documentMode < 11)) location.replace('/browser-upgrade.html');
})();

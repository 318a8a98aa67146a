// The backfill page refreshes its live part every 2 s; it waits while someone types a reason into a steering form,
// so that the refresh does not wipe what they typed.
function backfillIdle() {
  var inputs = document.querySelectorAll('#steer input:not([type=hidden])');
  for (var i = 0; i < inputs.length; i++) {
    if (inputs[i] === document.activeElement || inputs[i].value !== '') {
      return false;
    }
  }
  return true;
}

// The scorecard's history charts: one small uPlot line chart per figure without dimension, from the data-series of
// #scorecard-charts ({"t": [epoch seconds], "<metric>": [values]}). Without JavaScript the history table says the same.
(function () {
  function draw() {
    var holder = document.getElementById("scorecard-charts");
    if (!holder || typeof uPlot === "undefined") {
      return;
    }
    var series = JSON.parse(holder.getAttribute("data-series") || "{}");
    var t = series.t || [];
    Object.keys(series).forEach(function (metric) {
      if (metric === "t") {
        return;
      }
      var box = document.createElement("div");
      box.className = "scorecard-chart";
      holder.appendChild(box);
      new uPlot({
        title: metric,
        width: 360,
        height: 160,
        series: [{}, { label: metric, stroke: "#2b6cb0", width: 2, points: { show: true } }],
        axes: [{}, { size: 60 }],
      }, [t, series[metric]], box);
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", draw);
  } else {
    draw();
  }
})();

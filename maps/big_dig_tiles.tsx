<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="big_dig_tiles" tilewidth="48" tileheight="48" tilecount="16" columns="8">
  <image source="big_dig_tiles.png" width="384" height="96"/>
  <tile id="0">
    <properties>
      <property name="kind" value="sky"/>
      <property name="name" value="sky"/>
    </properties>
  </tile>
  <tile id="1">
    <properties>
      <property name="kind" value="tower"/>
      <property name="name" value="water tower, left half"/>
    </properties>
  </tile>
  <tile id="2">
    <properties>
      <property name="kind" value="tower"/>
      <property name="name" value="water tower, right half"/>
    </properties>
  </tile>
  <tile id="3">
    <properties>
      <property name="kind" value="truck"/>
      <property name="name" value="oil truck, left half"/>
    </properties>
  </tile>
  <tile id="4">
    <properties>
      <property name="kind" value="truck"/>
      <property name="name" value="oil truck, right half"/>
    </properties>
  </tile>
  <tile id="5">
    <properties>
      <property name="kind" value="dirt"/>
      <property name="name" value="dirt"/>
    </properties>
  </tile>
  <tile id="6">
    <properties>
      <property name="kind" value="light"/>
      <property name="name" value="light dirt"/>
    </properties>
  </tile>
  <tile id="7">
    <properties>
      <property name="kind" value="rock"/>
      <property name="name" value="grey rock"/>
    </properties>
  </tile>
  <tile id="8">
    <properties>
      <property name="kind" value="emerald"/>
      <property name="name" value="emerald"/>
    </properties>
  </tile>
  <tile id="9">
    <properties>
      <property name="kind" value="amethyst"/>
      <property name="name" value="amethyst"/>
    </properties>
  </tile>
  <tile id="10">
    <properties>
      <property name="kind" value="coin"/>
      <property name="name" value="ancient coin"/>
    </properties>
  </tile>
  <tile id="11">
    <properties>
      <property name="kind" value="pipe"/>
      <property name="name" value="pipe"/>
    </properties>
  </tile>
  <tile id="12">
    <properties>
      <property name="kind" value="tablet"/>
      <property name="name" value="tablet artifact"/>
    </properties>
  </tile>
  <tile id="13">
    <properties>
      <property name="kind" value="skeleton"/>
      <property name="name" value="skeleton artifact"/>
    </properties>
  </tile>
  <tile id="14">
    <properties>
      <property name="kind" value="water"/>
      <property name="name" value="water"/>
    </properties>
  </tile>
  <tile id="15">
    <properties>
      <property name="kind" value="oil"/>
      <property name="name" value="oil"/>
    </properties>
  </tile>
</tileset>
